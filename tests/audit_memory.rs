//! The audit's memory: its report does not grow with the number of groups
//! in the file (a file of many small `*` groups once made every crawler's
//! report as long as the file: 1.74 GB for the CLI's audit of 10 MB), and
//! the whole audit (parse included) stays within a small multiple of the
//! body, measured with a counting allocator. docs/LIMITS.md gives the
//! figures.

mod heap_counting;

use heap_counting::peak_heap;
use robotstxt_exact::Robots;
use robotstxt_exact::audit::{MAX_GROUP_LINES, known_crawlers, try_audit};

#[test]
fn the_report_is_bounded_per_crawler_and_the_audit_linear_in_the_body() {
    // 4 MB of one-rule `*` groups: every crawler falls back to all of them.
    let unit = "User-agent: *\nDisallow: /x\n";
    let groups = 4_000_000 / unit.len();
    let body = unit.repeat(groups);
    let paths = ["/x", "/y"];
    let ((_robots, report), peak) = peak_heap(|| {
        let robots = Robots::try_parse(&body).unwrap();
        let report = try_audit(&robots, known_crawlers(), &paths).unwrap();
        (robots, report)
    });
    for crawler in &report.crawlers {
        assert_eq!(crawler.groups.len(), MAX_GROUP_LINES);
        assert_eq!(crawler.group_count, groups);
        assert_eq!(crawler.groups[1], 3);
        assert!(!crawler.paths[1].allowed);
    }
    let ratio = peak as f64 / body.len() as f64;
    println!(
        "audit of {} bytes: peak {peak} bytes, {ratio:.2} per body byte",
        body.len()
    );
    // The parse-once object with the `*` index built is at most 15 times
    // the body (docs/LIMITS.md); the report adds a constant per crawler.
    assert!(ratio < 8.0, "{ratio}");
}
