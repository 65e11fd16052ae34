package pdf417

// The "pdf417" and "compact-pdf417" readers both look for start patterns
// (and the first for stop patterns too) over the same binarized views of an
// image, and a scan for all symbologies calls one after the other on the
// same Source: the edges of each view are kept in the Source's memo, so the
// rows are scanned once.

// viewEdges are the start and stop edges found on one view.
type viewEdges [2][]edge

// edgesKey names the edges of pass pass of a read in the given mode in a
// Source's memo.
type edgesKey struct {
	fast bool
	pass int
}
