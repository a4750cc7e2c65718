//! Source files in any encoding. CLIPS reads a file as bytes: course files
//! written on Windows or in other languages carry Latin-1 or Big5 bytes in their
//! comments and strings, and CLIPS prints such a string back byte for byte.
//! Salience reads a file as UTF-8 where it is valid; each byte that is not part
//! of valid UTF-8 becomes a character of its own in a private-use range
//! (U+F780 to U+F7FF for the bytes 0x80 to 0xFF), and the routers write such a
//! character back as the byte it stands for. So the file loads, and a string
//! from it prints as CLIPS prints it.

use std::borrow::Cow;

/// Where the stand-ins of the bytes 0x00..=0xFF would start (only 0x80..=0xFF
/// occur: the bytes below are ASCII, always valid).
const STAND_IN_BASE: u32 = 0xF700;

/// The first byte of every stand-in's UTF-8 form (U+F780..=U+F7FF is
/// `EF 9E 80`..=`EF 9F BF`): text without it has none.
const STAND_IN_LEAD: u8 = 0xEF;

/// `bytes` as text: UTF-8 where valid, each other byte as its stand-in.
pub fn decode(bytes: Vec<u8>) -> String {
    let bytes = match String::from_utf8(bytes) {
        Ok(text) => return text,
        Err(invalid) => invalid.into_bytes(),
    };
    let mut text = String::with_capacity(bytes.len() + bytes.len() / 2);
    let mut rest = bytes.as_slice();
    while !rest.is_empty() {
        match std::str::from_utf8(rest) {
            Ok(valid) => {
                text.push_str(valid);
                break;
            }
            Err(error) => {
                let valid = error.valid_up_to();
                text.push_str(std::str::from_utf8(&rest[..valid]).unwrap_or_default());
                let bad = error.error_len().unwrap_or(rest.len() - valid);
                for &byte in &rest[valid..valid + bad] {
                    text.push(stand_in(byte));
                }
                rest = &rest[valid + bad..];
            }
        }
    }
    text
}

/// The character that stands for `byte`, one not part of valid UTF-8.
fn stand_in(byte: u8) -> char {
    char::from_u32(STAND_IN_BASE + u32::from(byte)).unwrap_or(char::REPLACEMENT_CHARACTER)
}

/// The file at `path`, read as [`decode`] reads bytes.
pub fn read_file(path: impl AsRef<std::path::Path>) -> std::io::Result<String> {
    std::fs::read(path).map(decode)
}

/// The bytes that print `text`: its UTF-8, with each stand-in written back as
/// the byte it stands for.
pub fn encode(text: &str) -> Cow<'_, [u8]> {
    if !text.as_bytes().contains(&STAND_IN_LEAD) {
        return Cow::Borrowed(text.as_bytes());
    }
    let mut bytes = Vec::with_capacity(text.len());
    let mut buffer = [0; 4];
    for c in text.chars() {
        match u32::from(c).checked_sub(STAND_IN_BASE) {
            Some(byte @ 0x80..=0xFF) => bytes.push(byte as u8),
            _ => bytes.extend_from_slice(c.encode_utf8(&mut buffer).as_bytes()),
        }
    }
    Cow::Owned(bytes)
}

#[cfg(test)]
mod tests {
    use super::{decode, encode};

    #[test]
    fn latin1_bytes_load_and_print_back_unchanged() {
        let latin1 = b"; caf\xe9\n(printout t \"na\xefve\" crlf)".to_vec();
        let text = decode(latin1.clone());
        assert!(text.starts_with("; caf"));
        assert_eq!(encode(&text).as_ref(), latin1.as_slice());
    }

    #[test]
    fn valid_utf8_is_kept_and_truncated_sequences_are_bytes() {
        assert_eq!(
            decode("caf\u{e9} \u{4e2d}".as_bytes().to_vec()),
            "caf\u{e9} \u{4e2d}"
        );
        let cut = b"ab\xe4\xb8".to_vec();
        assert_eq!(encode(&decode(cut.clone())).as_ref(), cut.as_slice());
        assert_eq!(encode("\u{f7ff}plain").as_ref(), b"\xffplain");
    }
}
