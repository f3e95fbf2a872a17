//! `Request-rate` values: `REQUESTS/PERIOD[UNIT] [HHMM-HHMM]`.

/// A `Request-rate`: at most `requests` requests every `seconds` seconds,
/// during `window` when there is one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RequestRate {
    /// Requests per period, at least 1.
    pub requests: u32,
    /// The period in seconds (its unit applied), at least 1.
    pub seconds: u32,
    /// The UTC times of day the rate is for, when given.
    pub window: Option<VisitWindow>,
}

impl RequestRate {
    /// The least delay between two requests, in seconds.
    pub fn delay(&self) -> f64 {
        f64::from(self.seconds) / f64::from(self.requests)
    }
}

/// A window of UTC time of day, in minutes after midnight; `end` before
/// `start` spans midnight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct VisitWindow {
    /// Start, 0 to 1439.
    pub start: u16,
    /// End, 0 to 1439.
    pub end: u16,
}

/// Why a `Request-rate` value was not read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RateError {
    /// No `REQUESTS/PERIOD` at the start.
    Syntax,
    /// A count or period of 0.
    Zero,
    /// A unit other than `s`, `m` or `h`.
    Unit,
    /// A number too large.
    TooLarge,
    /// Something other than a `HHMM-HHMM` window after the rate.
    Window,
}

impl RateError {
    /// What is wrong, in a few words.
    pub fn as_str(self) -> &'static str {
        match self {
            RateError::Syntax => "not REQUESTS/PERIOD",
            RateError::Zero => "a count or period of 0",
            RateError::Unit => "a unit other than s, m or h",
            RateError::TooLarge => "a number too large",
            RateError::Window => "not a HHMM-HHMM window after the rate",
        }
    }
}

fn digits(bytes: &[u8]) -> usize {
    bytes.iter().take_while(|b| b.is_ascii_digit()).count()
}

fn number(bytes: &[u8]) -> Result<u32, RateError> {
    std::str::from_utf8(bytes)
        .map_err(|_| RateError::Syntax)?
        .parse::<u32>()
        .map_err(|_| RateError::TooLarge)
}

fn time_of_day(bytes: &[u8]) -> Option<u16> {
    if bytes.len() != 4 || digits(bytes) != 4 {
        return None;
    }
    let value = |i: usize| u16::from(bytes[i] - b'0');
    let (hours, minutes) = (value(0) * 10 + value(1), value(2) * 10 + value(3));
    (hours < 24 && minutes < 60).then_some(hours * 60 + minutes)
}

/// Parses a `Request-rate` value (see `docs/AI-PREFERENCES.md`): e.g.
/// `1/5` (one request every 5 seconds), `10/10m`, `20/1h 0900-1700`.
/// Whitespace around `/` is allowed, as Python's `urllib.robotparser` strips
/// it.
pub fn parse_request_rate(value: &[u8]) -> Result<RequestRate, RateError> {
    let ws = |b: &u8| *b == b' ' || *b == b'\t';
    let skip_ws = |s: &[u8]| -> usize { s.iter().take_while(|b| ws(b)).count() };
    let mut rest = &value[skip_ws(value)..];
    let n = digits(rest);
    if n == 0 {
        return Err(RateError::Syntax);
    }
    let requests = number(&rest[..n])?;
    rest = &rest[n..];
    rest = &rest[skip_ws(rest)..];
    if rest.first() != Some(&b'/') {
        return Err(RateError::Syntax);
    }
    rest = &rest[1..];
    rest = &rest[skip_ws(rest)..];
    let n = digits(rest);
    if n == 0 {
        return Err(RateError::Syntax);
    }
    let period = number(&rest[..n])?;
    rest = &rest[n..];
    let unit_end = rest.iter().position(ws).unwrap_or(rest.len());
    let multiplier = match &rest[..unit_end] {
        b"" | b"s" | b"S" => 1,
        b"m" | b"M" => 60,
        b"h" | b"H" => 3600,
        _ => return Err(RateError::Unit),
    };
    rest = &rest[unit_end..];
    rest = &rest[skip_ws(rest)..];
    let window = if rest.is_empty() {
        None
    } else {
        let end = rest.iter().position(ws).unwrap_or(rest.len());
        if !rest[end..].iter().all(ws) {
            return Err(RateError::Window);
        }
        let window = &rest[..end];
        let dash = window.iter().position(|&b| b == b'-');
        let parsed = dash.and_then(|d| {
            Some(VisitWindow {
                start: time_of_day(&window[..d])?,
                end: time_of_day(&window[d + 1..])?,
            })
        });
        Some(parsed.ok_or(RateError::Window)?)
    };
    if requests == 0 || period == 0 {
        return Err(RateError::Zero);
    }
    let seconds = period.checked_mul(multiplier).ok_or(RateError::TooLarge)?;
    Ok(RequestRate {
        requests,
        seconds,
        window,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rate(requests: u32, seconds: u32) -> RequestRate {
        RequestRate {
            requests,
            seconds,
            window: None,
        }
    }

    #[test]
    fn proposal_examples() {
        // The 1996 proposal: "10/60 - no more than 10 documents per 60
        // secs", "10/10m - no more than 10 documents per 10 mins",
        // "20/1h - no more than 20 documents per hour".
        assert_eq!(parse_request_rate(b"10/60"), Ok(rate(10, 60)));
        assert_eq!(parse_request_rate(b"10/10m"), Ok(rate(10, 600)));
        assert_eq!(parse_request_rate(b"20/1h"), Ok(rate(20, 3600)));
        // "Request-rate: 1/5 # maximum rate is one page every 5 seconds"
        // (the comment removed by the parser).
        let one_in_five = parse_request_rate(b"1/5").unwrap();
        assert_eq!(one_in_five, rate(1, 5));
        assert_eq!(one_in_five.delay(), 5.0);
    }

    #[test]
    fn python_robotparser_form() {
        // urllib.robotparser strips whitespace around each number.
        assert_eq!(parse_request_rate(b"3 / 20"), Ok(rate(3, 20)));
    }

    #[test]
    fn window() {
        assert_eq!(
            parse_request_rate(b"1/10s 0600-0845"),
            Ok(RequestRate {
                requests: 1,
                seconds: 10,
                window: Some(VisitWindow {
                    start: 360,
                    end: 525
                }),
            })
        );
        assert_eq!(
            parse_request_rate(b"1/10 2500-0100"),
            Err(RateError::Window)
        );
        assert_eq!(parse_request_rate(b"1/10 0600"), Err(RateError::Window));
        assert_eq!(
            parse_request_rate(b"1/10 0600-0700 x"),
            Err(RateError::Window)
        );
    }

    #[test]
    fn malformed() {
        assert_eq!(parse_request_rate(b""), Err(RateError::Syntax));
        assert_eq!(parse_request_rate(b"5"), Err(RateError::Syntax));
        assert_eq!(parse_request_rate(b"1/"), Err(RateError::Syntax));
        assert_eq!(parse_request_rate(b"1.5/2"), Err(RateError::Syntax));
        assert_eq!(parse_request_rate(b"0/5"), Err(RateError::Zero));
        assert_eq!(parse_request_rate(b"1/0"), Err(RateError::Zero));
        assert_eq!(parse_request_rate(b"1/5d"), Err(RateError::Unit));
        assert_eq!(
            parse_request_rate(b"99999999999/5"),
            Err(RateError::TooLarge)
        );
        assert_eq!(
            parse_request_rate(b"1/4294967295h"),
            Err(RateError::TooLarge)
        );
    }
}
