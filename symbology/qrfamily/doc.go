// Package qrfamily holds what QR Code (ISO/IEC 18004:2015), Micro QR Code
// (the same standard) and rMQR Code (ISO/IEC 23941:2022) share, so that
// packages qr, microqr and rmqr each hold only what is their own:
//
//   - the bit stream (ISO/IEC 18004:2015 §7.4, ISO/IEC 23941:2022 §7.4):
//     the numeric, alphanumeric, byte and kanji modes, ECI designators,
//     FNC1 and structured append, read by Parse and written by
//     Stream.Write, each symbology naming its mode indicators and
//     character count widths in a Dialect;
//   - the choice of character set for text (Text) and the optimal split of
//     the text into mode segments by dynamic programming (Segmenter);
//   - BCH codes for format and version information (BCH, Nearest);
//   - Reed–Solomon blocks: their interleaving and correction (Blocks);
//   - the data mask patterns (MaskBit) and the two-module-wide codeword
//     placement (Placement).
//
// Nothing here knows a symbol's layout or reads an image: those are the
// symbology packages'.
package qrfamily
