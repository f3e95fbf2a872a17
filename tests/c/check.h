// A minimal test harness for the C++ drop-in tests: CHECK records a result,
// and main() prints "N passed, N failed" at the end.
#ifndef ROBOTSTXT_TESTS_CHECK_H_
#define ROBOTSTXT_TESTS_CHECK_H_

#include <iostream>
#include <sstream>
#include <string>

namespace check {

struct Totals {
  int passed = 0;
  int failed = 0;
};

inline Totals& totals() {
  static Totals t;
  return t;
}

inline void Record(bool ok, const std::string& what, const char* file,
                   int line) {
  if (ok) {
    ++totals().passed;
  } else {
    ++totals().failed;
    std::cerr << file << ":" << line << ": FAILED: " << what << "\n";
  }
}

template <typename A, typename B>
inline void RecordEq(const A& a, const B& b, const char* a_text,
                     const char* b_text, const char* file, int line) {
  if (a == b) {
    Record(true, "", file, line);
    return;
  }
  std::ostringstream what;
  what << a_text << " == " << b_text << " (" << a << " vs " << b << ")";
  Record(false, what.str(), file, line);
}

}  // namespace check

#define CHECK(cond) ::check::Record(static_cast<bool>(cond), #cond, __FILE__, __LINE__)
#define CHECK_EQ(a, b) ::check::RecordEq((a), (b), #a, #b, __FILE__, __LINE__)

#endif  // ROBOTSTXT_TESTS_CHECK_H_
