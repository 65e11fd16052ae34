package jpeg

// The entropy-coded data of a scan is read through a 64-bit reservoir,
// d.acc, whose top d.nbits bits are the next bits of the stream. The hot
// loops keep acc and nbits in local variables and call fill when fewer
// than 32 bits are left: enough for any code (16 bits) and its extra bits
// (15 at most).

// fill loads bytes of entropy-coded data into acc until it holds more
// than 56 bits. A 0xFF data byte is followed by a stuffed 0x00 (ITU-T
// T.81 §F.1.2.3); 0xFF followed by anything else is a marker, which ends
// the data: from there on, and at the end of the input, fill loads zeros
// (§F.2.2.5 lets a decoder do so) and remembers the end of the input in
// d.eof.
func (d *decoder) fill(acc uint64, n uint) (uint64, uint) {
	for n <= 56 {
		var b byte
		if !d.stop {
			p := d.pos
			switch {
			case p >= len(d.data):
				d.stop, d.eof = true, true
			case d.data[p] != 0xff:
				b = d.data[p]
				d.pos = p + 1
			case p+1 < len(d.data) && d.data[p+1] == 0:
				b = 0xff
				d.pos = p + 2
			default:
				d.stop = true
				d.eof = p+1 >= len(d.data)
			}
		}
		acc |= uint64(b) << (56 - n)
		n += 8
	}
	return acc, n
}

// nextMarker returns the position of the first marker at or after p that
// is not a restart marker, skipping entropy-coded data, or len(d.data)
// when there is none.
func (d *decoder) nextMarker(p int) int {
	for ; p+1 < len(d.data); p++ {
		if d.data[p] != 0xff {
			continue
		}
		switch m := d.data[p+1]; {
		case m == 0 || m == 0xff || m >= mRST0 && m <= mRST7:
			// Stuffed data byte, fill byte or restart marker.
		default:
			return p
		}
	}
	return len(d.data)
}

// startData readies the bit reader for entropy-coded data at p.
func (d *decoder) startData(p int) {
	d.pos, d.acc, d.nbits, d.stop, d.eof = p, 0, 0, false, false
	d.eobrun = 0
	d.pred = 0
}

// nextInterval moves to the next restart interval (§F.1.2.3): it drops
// the bits left of the current one, passes its RSTm marker, and resets
// the DC prediction and end-of-band run.
func (d *decoder) nextInterval() error {
	if d.eof {
		return errShort
	}
	p := d.pos
	for p+1 < len(d.data) && (d.data[p] != 0xff || d.data[p+1] == 0 || d.data[p+1] == 0xff) {
		if d.data[p] == 0xff && d.data[p+1] == 0 {
			p++ // a stuffed data byte
		}
		p++
	}
	if p+1 >= len(d.data) {
		return errShort
	}
	if m := d.data[p+1]; m < mRST0 || m > mRST7 {
		return formatError("marker 0x%02x where a restart marker should be", m)
	}
	d.startData(p + 2)
	return nil
}

// receive takes s bits from the reservoir and returns them with the
// coefficient value they code (§F.2.2.1, EXTEND). n must be at least s.
func receive(acc uint64, n, s uint) (int32, uint64, uint) {
	v := int32(acc >> (64 - s)) // 0 when s is 0: a shift by 64 gives 0 in Go
	return extend(v, s), acc << s, n - s
}
