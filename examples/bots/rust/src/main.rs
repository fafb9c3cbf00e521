//! A rummy500 bot in Rust, with the standard library only: it speaks the bot protocol
//! (docs/protocol.md), one JSON object a line on its standard input and output.
//!
//! It calls "Rummy!" and melds or lays off whatever it can (the most cards first), takes
//! from the pile only to meld at once, and discards the card with the fewest partners in
//! its hand (a card of the same rank, or of its suit within two ranks), the highest among
//! those. Build and play it with
//!   cargo build --release --manifest-path examples/bots/rust/Cargo.toml
//!   rummy500 tournament "exec:examples/bots/rust/target/release/rummy500-rust-bot" greedy
//!
//! Without a JSON library, `json` below reads what the referee writes (objects, arrays,
//! strings, numbers, true, false, null) into a `Value`.

use std::io::{self, BufRead, Write};

mod json {
    /// A JSON value; an object keeps its keys in the order written.
    #[derive(Debug, Clone)]
    pub enum Value {
        Null,
        Bool(bool),
        Number(f64),
        Text(String),
        List(Vec<Value>),
        Object(Vec<(String, Value)>),
    }

    impl Value {
        pub fn get(&self, key: &str) -> Option<&Value> {
            match self {
                Value::Object(items) => items.iter().find(|(k, _)| k == key).map(|(_, v)| v),
                _ => None,
            }
        }
        pub fn text(&self) -> Option<&str> {
            if let Value::Text(text) = self {
                Some(text)
            } else {
                None
            }
        }
        pub fn list(&self) -> &[Value] {
            if let Value::List(items) = self {
                items
            } else {
                &[]
            }
        }
        pub fn number(&self) -> Option<f64> {
            if let Value::Number(n) = self {
                Some(*n)
            } else {
                None
            }
        }
        pub fn is_true(&self) -> bool {
            matches!(self, Value::Bool(true))
        }
    }

    /// Parse one JSON value (the whole text), or say where it went wrong.
    pub fn parse(text: &str) -> Result<Value, String> {
        let mut reader = Reader {
            bytes: text.as_bytes(),
            at: 0,
        };
        let value = reader.value()?;
        reader.space();
        if reader.at != reader.bytes.len() {
            return Err(format!("trailing text at byte {}", reader.at));
        }
        Ok(value)
    }

    struct Reader<'a> {
        bytes: &'a [u8],
        at: usize,
    }

    impl Reader<'_> {
        fn space(&mut self) {
            while self.at < self.bytes.len() && self.bytes[self.at].is_ascii_whitespace() {
                self.at += 1;
            }
        }
        fn expect(&mut self, word: &str) -> Result<(), String> {
            if self.bytes[self.at..].starts_with(word.as_bytes()) {
                self.at += word.len();
                Ok(())
            } else {
                Err(format!("expected {} at byte {}", word, self.at))
            }
        }
        fn value(&mut self) -> Result<Value, String> {
            self.space();
            match self.bytes.get(self.at) {
                Some(b'{') => self.object(),
                Some(b'[') => self.list(),
                Some(b'"') => Ok(Value::Text(self.text()?)),
                Some(b't') => self.expect("true").map(|_| Value::Bool(true)),
                Some(b'f') => self.expect("false").map(|_| Value::Bool(false)),
                Some(b'n') => self.expect("null").map(|_| Value::Null),
                Some(_) => self.number(),
                None => Err("unexpected end".to_string()),
            }
        }
        fn object(&mut self) -> Result<Value, String> {
            self.at += 1;
            let mut items = Vec::new();
            self.space();
            if self.bytes.get(self.at) == Some(&b'}') {
                self.at += 1;
                return Ok(Value::Object(items));
            }
            loop {
                self.space();
                let key = self.text()?;
                self.space();
                self.expect(":")?;
                items.push((key, self.value()?));
                self.space();
                match self.bytes.get(self.at) {
                    Some(b',') => self.at += 1,
                    Some(b'}') => {
                        self.at += 1;
                        return Ok(Value::Object(items));
                    }
                    _ => return Err(format!("expected , or }} at byte {}", self.at)),
                }
            }
        }
        fn list(&mut self) -> Result<Value, String> {
            self.at += 1;
            let mut items = Vec::new();
            self.space();
            if self.bytes.get(self.at) == Some(&b']') {
                self.at += 1;
                return Ok(Value::List(items));
            }
            loop {
                items.push(self.value()?);
                self.space();
                match self.bytes.get(self.at) {
                    Some(b',') => self.at += 1,
                    Some(b']') => {
                        self.at += 1;
                        return Ok(Value::List(items));
                    }
                    _ => return Err(format!("expected , or ] at byte {}", self.at)),
                }
            }
        }
        fn text(&mut self) -> Result<String, String> {
            self.expect("\"")?;
            let mut out = String::new();
            loop {
                let rest =
                    std::str::from_utf8(&self.bytes[self.at..]).map_err(|e| e.to_string())?;
                let mut chars = rest.chars();
                let c = chars.next().ok_or("unterminated string")?;
                self.at += c.len_utf8();
                match c {
                    '"' => return Ok(out),
                    '\\' => {
                        let escaped = chars.next().ok_or("unterminated escape")?;
                        self.at += 1;
                        match escaped {
                            'n' => out.push('\n'),
                            't' => out.push('\t'),
                            'r' => out.push('\r'),
                            'b' => out.push('\u{8}'),
                            'f' => out.push('\u{c}'),
                            'u' => {
                                let hex = std::str::from_utf8(&self.bytes[self.at..self.at + 4])
                                    .map_err(|e| e.to_string())?;
                                let code =
                                    u32::from_str_radix(hex, 16).map_err(|e| e.to_string())?;
                                self.at += 4;
                                out.push(char::from_u32(code).unwrap_or('\u{fffd}'));
                            }
                            other => out.push(other),
                        }
                    }
                    other => out.push(other),
                }
            }
        }
        fn number(&mut self) -> Result<Value, String> {
            let start = self.at;
            while self.at < self.bytes.len() && b"+-0123456789.eE".contains(&self.bytes[self.at]) {
                self.at += 1;
            }
            let text = std::str::from_utf8(&self.bytes[start..self.at]).unwrap_or("");
            text.parse::<f64>()
                .map(Value::Number)
                .map_err(|_| format!("not a number at byte {}", start))
        }
    }
}

use json::Value;

const RANKS: &str = "A23456789TJQK";

fn rank_of(card: &str) -> Option<i32> {
    RANKS.find(card.chars().next()?).map(|r| r as i32)
}

/// How many other cards of the hand could share a meld with `card`.
fn partners(card: &str, hand: &[&str]) -> i32 {
    if card == "JK" {
        return 99;
    }
    let (rank, suit) = (rank_of(card).unwrap_or(0), &card[1..]);
    let mut count = 0;
    for other in hand {
        if *other == "JK" {
            count += 1;
        } else if *other != card {
            let near = &other[1..] == suit && (rank_of(other).unwrap_or(0) - rank).abs() <= 2;
            if other[..1] == card[..1] || near {
                count += 1;
            }
        }
    }
    count
}

/// How much the bot likes a move: it plays the highest (the first among equals).
fn score(mv: &Value, hand: &[&str]) -> f64 {
    let cards = |key: &str| mv.get(key).map(|v| v.list().len()).unwrap_or(0) as f64;
    match mv.get("kind").and_then(Value::text).unwrap_or("") {
        "rummy" => 1000.0,
        "meld" | "layoff" => 500.0 + cards("cards"),
        "take" => match mv.get("play") {
            Some(Value::Null) | None => -1.0,
            _ => 300.0 + mv.get("count").and_then(Value::number).unwrap_or(0.0),
        },
        "draw" => 100.0,
        "discard" => {
            let card = mv.get("card").and_then(Value::text).unwrap_or("JK");
            let value = if card == "JK" {
                0
            } else {
                rank_of(card).unwrap_or(0) + 1
            };
            (-10 * partners(card, hand) + value) as f64
        }
        _ => -500.0,
    }
}

fn decide(message: &Value) -> String {
    let view = message.get("view").cloned().unwrap_or(Value::Null);
    let hand: Vec<&str> = view
        .get("hand")
        .map(|h| h.list())
        .unwrap_or(&[])
        .iter()
        .filter_map(Value::text)
        .collect();
    let moves = view.get("moves").map(|m| m.list()).unwrap_or(&[]);
    let mut best = 0;
    for (index, mv) in moves.iter().enumerate() {
        if score(mv, &hand) > score(&moves[best], &hand) {
            best = index;
        }
    }
    let may_pass = message.get("may_pass").map(Value::is_true).unwrap_or(false);
    if may_pass && (moves.is_empty() || score(&moves[best], &hand) < 400.0) {
        return r#"{"type":"pass"}"#.to_string();
    }
    format!(r#"{{"type":"move","index":{}}}"#, best)
}

fn main() {
    let stdin = io::stdin();
    let mut out = io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let message = match json::parse(&line) {
            Ok(message) => message,
            Err(error) => {
                eprintln!("rust bot: cannot read {line:.80}: {error}");
                break;
            }
        };
        let answer = match message.get("type").and_then(Value::text) {
            Some("hello") => r#"{"type":"hello","protocol":1,"name":"rust-partners"}"#.to_string(),
            Some("decide") => decide(&message),
            Some("quit") => break,
            _ => continue,
        };
        if writeln!(out, "{answer}").and_then(|_| out.flush()).is_err() {
            break;
        }
    }
}
