// Package content turns the text read from a barcode into structured
// content: a web address, Wi-Fi settings, a contact card, a calendar event, a
// product code and so on.
//
// Parse recognises the de facto formats that phones and barcode apps
// understand, as catalogued by the ZXing project's "Barcode Contents" page,
// and the standards behind them:
//
//   - url: absolute URIs (RFC 3986) such as https://example.com/, bare
//     host names such as www.example.com, and the URL:, URLTO: and
//     MEBKM: (NTT DoCoMo bookmark) forms;
//   - wifi: WIFI: network configuration, in ZXing's form and in the Wi-Fi
//     Alliance WPA3 Specification's (§7, "WIFI URI");
//   - email: mailto: URIs (RFC 6068) (also mailto:// and ';'-separated),
//     MATMSG:, SMTP: and plain addresses;
//   - phone: tel: URIs (RFC 3966), tel:// and WAP's wtai://wp/mc;
//   - sms: sms: and mms: URIs (RFC 5724), sms://, and the SMSTO:/MMSTO: forms;
//   - geo: geo: URIs (RFC 5870) with Android's ?q= query and labelled point;
//   - contact: vCard 2.1, 3.0 (RFC 2426) and 4.0 (RFC 6350), MECARD: and
//     BIZCARD:;
//   - calendar: iCalendar VEVENT (RFC 5545), alone or in a VCALENDAR;
//   - product and isbn: GTINs from EAN-13, EAN-8, UPC-A, UPC-E and ITF-14,
//     with their EAN-2/EAN-5 add-ons, check digits verified;
//   - gs1 and gs1-digital-link: GS1 Application Identifier data (General
//     Specifications) and GS1 Digital Link URIs, every field validated with
//     package gs1;
//   - payment: the EPC QR code of a SEPA credit transfer (EPC069-12);
//   - swiss-qr-bill: the Swiss QR Code of a QR-bill;
//   - driver-license: AAMVA DL/ID card PDF417 payloads;
//   - boarding-pass: IATA Bar Coded Boarding Passes (Resolution 792);
//   - otp: otpauth:// authenticator keys (Google Authenticator Key Uri Format);
//   - crypto: bitcoin: (BIP 21), ethereum: (EIP-681) and lightning: (BOLT 11,
//     LNURL) payment requests;
//   - text: anything else.
//
// Text may start with a symbology identifier (ISO/IEC 15424), as scanners
// set to send one type it: "]C1" and the other GS1 identifiers announce a
// GS1 element string, any other of a known symbology ("]Q1", "]E0") is
// taken off and says where the rest came from (identifier.go). A GS1
// element string may also start with a GS, the FNC1 in first position of
// a scanner that sends FNC1s as they are.
//
// A Content marshals to the ParsedContent object of the service
// specification: a JSON object with a string field "type" and that type's
// fields beside it, in camelCase. README.md in this directory lists every
// type and field.
//
// Parse never fails: input that is malformed for the format it claims (a
// WIFI: text with no SSID, an EAN-13 with a wrong check digit, a vCard with
// nothing in it) is reported as text rather than as a half-filled record. Its
// running time is linear in the length of the input and it uses no regular
// expressions.
package content
