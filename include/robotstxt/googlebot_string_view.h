// googlebot_string_view.h: absl::string_view for robots.h, the type of
// every string argument of Google's googlebot:: API. Internal: included by
// robots.h, whose opening comment says which type this is and when.
//
// Copyright the robotstxt authors. SPDX-License-Identifier: Apache-2.0

#ifndef ROBOTSTXT_GOOGLEBOT_STRING_VIEW_H_
#define ROBOTSTXT_GOOGLEBOT_STRING_VIEW_H_

#include <cstddef>
#include <string>

#if defined(_MSVC_LANG) && _MSVC_LANG > __cplusplus
#define ROBOTSTXT_CPLUSPLUS _MSVC_LANG
#else
#define ROBOTSTXT_CPLUSPLUS __cplusplus
#endif

#ifndef ROBOTSTXT_USE_ABSL_STRING_VIEW
#if defined(ABSL_STRINGS_STRING_VIEW_H_)
#define ROBOTSTXT_USE_ABSL_STRING_VIEW 1
#elif defined(__has_include)
#if __has_include(<absl/strings/string_view.h>)
#define ROBOTSTXT_USE_ABSL_STRING_VIEW 1
#else
#define ROBOTSTXT_USE_ABSL_STRING_VIEW 0
#endif
#else
#define ROBOTSTXT_USE_ABSL_STRING_VIEW 0
#endif
#endif

#if ROBOTSTXT_USE_ABSL_STRING_VIEW
#include <absl/strings/string_view.h>
#elif !defined(ROBOTSTXT_ABSL_STRING_VIEW_DECLARED_)
#define ROBOTSTXT_ABSL_STRING_VIEW_DECLARED_ 1
#if ROBOTSTXT_CPLUSPLUS >= 201703L
#include <string_view>
namespace absl {
using std::string_view;
}  // namespace absl
#else
#include <cstddef>
#include <iosfwd>

namespace absl {

// Gives string_view::npos a single definition in every program without
// C++17's inline variables.
template <typename Unused = void>
struct robotstxt_string_view_npos {
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);
};
template <typename Unused>
constexpr std::size_t robotstxt_string_view_npos<Unused>::npos;

// A view of bytes owned elsewhere: the read-only API of C++17's
// std::string_view and abseil's absl::string_view, for C++11 and C++14.
// Positions past the end are clamped instead of thrown on.
class string_view : public robotstxt_string_view_npos<> {
 public:
  typedef std::char_traits<char> traits_type;
  typedef char value_type;
  typedef char* pointer;
  typedef const char* const_pointer;
  typedef char& reference;
  typedef const char& const_reference;
  typedef const char* const_iterator;
  typedef const char* iterator;
  typedef std::size_t size_type;
  typedef std::ptrdiff_t difference_type;

  constexpr string_view() noexcept : ptr_(nullptr), length_(0) {}
  // NOLINTNEXTLINE(google-explicit-constructor): implicit, as abseil's.
  string_view(const char* str)
      : ptr_(str), length_(str == nullptr ? 0 : traits_type::length(str)) {}
  constexpr string_view(const char* data, size_type len)
      : ptr_(data), length_(len) {}
  template <typename Allocator>
  // NOLINTNEXTLINE(google-explicit-constructor): implicit, as abseil's.
  string_view(
      const std::basic_string<char, traits_type, Allocator>& str) noexcept
      : ptr_(str.data()), length_(str.size()) {}

  template <typename Allocator>
  explicit operator std::basic_string<char, traits_type, Allocator>() const {
    return std::basic_string<char, traits_type, Allocator>(ptr_, length_);
  }

  constexpr const_iterator begin() const noexcept { return ptr_; }
  constexpr const_iterator end() const noexcept { return ptr_ + length_; }
  constexpr const_iterator cbegin() const noexcept { return ptr_; }
  constexpr const_iterator cend() const noexcept { return ptr_ + length_; }
  constexpr size_type size() const noexcept { return length_; }
  constexpr size_type length() const noexcept { return length_; }
  constexpr size_type max_size() const noexcept { return npos / 2; }
  constexpr bool empty() const noexcept { return length_ == 0; }
  constexpr const_reference operator[](size_type i) const { return ptr_[i]; }
  constexpr const_reference front() const { return ptr_[0]; }
  constexpr const_reference back() const { return ptr_[length_ - 1]; }
  constexpr const_pointer data() const noexcept { return ptr_; }

  void remove_prefix(size_type n) {
    ptr_ += n;
    length_ -= n;
  }
  void remove_suffix(size_type n) { length_ -= n; }
  void swap(string_view& other) noexcept {
    const string_view tmp = *this;
    *this = other;
    other = tmp;
  }

  string_view substr(size_type pos = 0, size_type n = npos) const {
    if (pos > length_) pos = length_;
    if (n > length_ - pos) n = length_ - pos;
    return string_view(ptr_ + pos, n);
  }

  int compare(string_view x) const noexcept {
    const size_type n = length_ < x.length_ ? length_ : x.length_;
    const int r = n == 0 ? 0 : traits_type::compare(ptr_, x.ptr_, n);
    if (r != 0) return r;
    return length_ < x.length_ ? -1 : length_ > x.length_ ? 1 : 0;
  }

  size_type find(string_view s, size_type pos = 0) const noexcept {
    if (pos > length_ || s.length_ > length_ - pos) return npos;
    for (size_type i = pos; i + s.length_ <= length_; ++i) {
      if (s.length_ == 0 ||
          traits_type::compare(ptr_ + i, s.ptr_, s.length_) == 0) {
        return i;
      }
    }
    return npos;
  }
  size_type find(char c, size_type pos = 0) const noexcept {
    for (size_type i = pos; i < length_; ++i) {
      if (ptr_[i] == c) return i;
    }
    return npos;
  }
  size_type rfind(char c, size_type pos = npos) const noexcept {
    if (length_ == 0) return npos;
    for (size_type i = pos < length_ ? pos + 1 : length_; i-- > 0;) {
      if (ptr_[i] == c) return i;
    }
    return npos;
  }
  size_type find_first_of(char c, size_type pos = 0) const noexcept {
    return find(c, pos);
  }
  size_type find_last_of(char c, size_type pos = npos) const noexcept {
    return rfind(c, pos);
  }
  size_type find_first_of(string_view s, size_type pos = 0) const noexcept {
    for (size_type i = pos; i < length_; ++i) {
      if (s.find(ptr_[i]) != npos) return i;
    }
    return npos;
  }
  size_type find_last_of(string_view s, size_type pos = npos) const noexcept {
    if (length_ == 0) return npos;
    for (size_type i = pos < length_ ? pos + 1 : length_; i-- > 0;) {
      if (s.find(ptr_[i]) != npos) return i;
    }
    return npos;
  }
  size_type rfind(string_view s, size_type pos = npos) const noexcept {
    if (s.length_ > length_) return npos;
    size_type i = length_ - s.length_;
    if (pos < i) i = pos;
    for (;; --i) {
      if (s.length_ == 0 ||
          traits_type::compare(ptr_ + i, s.ptr_, s.length_) == 0) {
        return i;
      }
      if (i == 0) return npos;
    }
  }
  size_type find_first_not_of(string_view s, size_type pos = 0) const noexcept {
    for (size_type i = pos; i < length_; ++i) {
      if (s.find(ptr_[i]) == npos) return i;
    }
    return npos;
  }
  size_type find_first_not_of(char c, size_type pos = 0) const noexcept {
    return find_first_not_of(string_view(&c, 1), pos);
  }
  size_type find_last_not_of(string_view s,
                             size_type pos = npos) const noexcept {
    if (length_ == 0) return npos;
    for (size_type i = pos < length_ ? pos + 1 : length_; i-- > 0;) {
      if (s.find(ptr_[i]) == npos) return i;
    }
    return npos;
  }
  size_type find_last_not_of(char c, size_type pos = npos) const noexcept {
    return find_last_not_of(string_view(&c, 1), pos);
  }

 private:
  const char* ptr_;
  size_type length_;
};

inline bool operator==(string_view x, string_view y) noexcept {
  return x.size() == y.size() && x.compare(y) == 0;
}
inline bool operator!=(string_view x, string_view y) noexcept {
  return !(x == y);
}
inline bool operator<(string_view x, string_view y) noexcept {
  return x.compare(y) < 0;
}
inline bool operator>(string_view x, string_view y) noexcept { return y < x; }
inline bool operator<=(string_view x, string_view y) noexcept {
  return !(y < x);
}
inline bool operator>=(string_view x, string_view y) noexcept {
  return !(x < y);
}

// Writes the bytes of the view (without padding to the stream's width).
template <typename Traits>
std::basic_ostream<char, Traits>& operator<<(
    std::basic_ostream<char, Traits>& out, string_view view) {
  return out.write(view.data(), static_cast<std::streamsize>(view.size()));
}

}  // namespace absl
#endif  // ROBOTSTXT_CPLUSPLUS >= 201703L
#endif  // ROBOTSTXT_USE_ABSL_STRING_VIEW

#endif  // ROBOTSTXT_GOOGLEBOT_STRING_VIEW_H_
