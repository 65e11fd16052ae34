module github.com/barkit/barkit

go 1.26.8

require (
	github.com/google/go-cmp v0.7.0 // indirect
	github.com/spf13/pflag v1.0.10 // indirect
	golang.org/x/image v0.47.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/text v0.43.0 // indirect
)
