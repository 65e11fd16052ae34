package linear

// Registered returns the symbologies registered with the shared reader,
// for the benchmarks of package linear_test.
func Registered() []*Symbology { return registered }
