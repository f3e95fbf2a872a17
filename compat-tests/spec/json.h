// A small JSON reader for the shared cases in spec/cases/: the documents are
// the project's own, so this reads standard JSON (RFC 8259) into a tree and
// reports the first error with its byte offset, nothing more. C++11, no
// exceptions, so it builds in every configuration of the compat tests.
#ifndef ROBOTSTXT_COMPAT_TESTS_SPEC_JSON_H_
#define ROBOTSTXT_COMPAT_TESTS_SPEC_JSON_H_

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace spec {

class Json {
 public:
  enum Type { kNull, kBool, kNumber, kString, kArray, kObject };

  Json() : type_(kNull), boolean_(false), number_(0) {}

  // Parses `text`; on failure returns a null value and sets `*error`.
  static Json Parse(const std::string& text, std::string* error);

  Type type() const { return type_; }
  bool is_null() const { return type_ == kNull; }
  bool is_string() const { return type_ == kString; }
  bool is_array() const { return type_ == kArray; }
  bool is_object() const { return type_ == kObject; }
  bool boolean() const { return boolean_; }
  double number() const { return number_; }
  const std::string& string() const { return string_; }
  const std::vector<Json>& items() const { return items_; }
  const std::vector<std::pair<std::string, Json> >& members() const {
    return members_;
  }
  // The member `key` of an object, or nullptr.
  const Json* Find(const std::string& key) const;

 private:
  friend class JsonParser;
  Type type_;
  bool boolean_;
  double number_;
  std::string string_;
  std::vector<Json> items_;
  std::vector<std::pair<std::string, Json> > members_;
};

}  // namespace spec

#endif  // ROBOTSTXT_COMPAT_TESTS_SPEC_JSON_H_
