#include "spec/json.h"

#include <cstdlib>

namespace spec {

class JsonParser {
 public:
  JsonParser(const std::string& text, std::string* error)
      : text_(text), pos_(0), error_(error) {}

  bool Document(Json* out) {
    if (!Value(out, 0)) return false;
    Space();
    if (pos_ != text_.size()) return Fail("text after the value");
    return true;
  }

 private:
  // Deeper than any case needs; bounds the recursion on a broken file.
  static const int kMaxDepth = 64;

  bool Fail(const char* what) {
    *error_ = std::string(what) + " at byte " + std::to_string(pos_);
    return false;
  }
  void Space() {
    while (pos_ < text_.size() &&
           (text_[pos_] == ' ' || text_[pos_] == '\n' || text_[pos_] == '\r' ||
            text_[pos_] == '\t')) {
      ++pos_;
    }
  }
  bool Literal(const char* word) {
    const std::string w(word);
    if (text_.compare(pos_, w.size(), w) != 0) return Fail("unknown literal");
    pos_ += w.size();
    return true;
  }
  bool Value(Json* out, int depth) {
    if (depth > kMaxDepth) return Fail("nesting too deep");
    Space();
    if (pos_ >= text_.size()) return Fail("value expected");
    const char c = text_[pos_];
    if (c == '{') return Object(out, depth);
    if (c == '[') return Array(out, depth);
    if (c == '"') {
      out->type_ = Json::kString;
      return String(&out->string_);
    }
    if (c == 't' || c == 'f') {
      out->type_ = Json::kBool;
      out->boolean_ = c == 't';
      return Literal(c == 't' ? "true" : "false");
    }
    if (c == 'n') {
      out->type_ = Json::kNull;
      return Literal("null");
    }
    return Number(out);
  }
  bool Number(Json* out) {
    const std::size_t start = pos_;
    while (pos_ < text_.size() &&
           std::string("+-0123456789.eE").find(text_[pos_]) != std::string::npos) {
      ++pos_;
    }
    if (pos_ == start) return Fail("value expected");
    const std::string digits = text_.substr(start, pos_ - start);
    char* end = nullptr;
    out->type_ = Json::kNumber;
    out->number_ = std::strtod(digits.c_str(), &end);
    if (end != digits.c_str() + digits.size()) return Fail("bad number");
    return true;
  }
  bool Hex4(unsigned* out) {
    if (pos_ + 4 > text_.size()) return Fail("short \\u escape");
    *out = 0;
    for (int i = 0; i < 4; ++i) {
      const char h = text_[pos_++];
      unsigned d;
      if (h >= '0' && h <= '9') {
        d = static_cast<unsigned>(h - '0');
      } else if (h >= 'a' && h <= 'f') {
        d = static_cast<unsigned>(h - 'a' + 10);
      } else if (h >= 'A' && h <= 'F') {
        d = static_cast<unsigned>(h - 'A' + 10);
      } else {
        return Fail("bad \\u escape");
      }
      *out = *out * 16 + d;
    }
    return true;
  }
  static void Utf8(unsigned cp, std::string* out) {
    if (cp < 0x80) {
      out->push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
      out->push_back(static_cast<char>(0xC0 | (cp >> 6)));
      out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
      out->push_back(static_cast<char>(0xE0 | (cp >> 12)));
      out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
      out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else {
      out->push_back(static_cast<char>(0xF0 | (cp >> 18)));
      out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
      out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
      out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    }
  }
  bool String(std::string* out) {
    ++pos_;  // the opening quote
    while (pos_ < text_.size()) {
      const char c = text_[pos_++];
      if (c == '"') return true;
      if (static_cast<unsigned char>(c) < 0x20) return Fail("control byte in a string");
      if (c != '\\') {
        out->push_back(c);
        continue;
      }
      if (pos_ >= text_.size()) break;
      const char e = text_[pos_++];
      switch (e) {
        case '"': out->push_back('"'); break;
        case '\\': out->push_back('\\'); break;
        case '/': out->push_back('/'); break;
        case 'b': out->push_back('\b'); break;
        case 'f': out->push_back('\f'); break;
        case 'n': out->push_back('\n'); break;
        case 'r': out->push_back('\r'); break;
        case 't': out->push_back('\t'); break;
        case 'u': {
          unsigned cp;
          if (!Hex4(&cp)) return false;
          if (cp >= 0xD800 && cp < 0xDC00) {
            unsigned low;
            if (text_.compare(pos_, 2, "\\u") != 0) return Fail("lone surrogate");
            pos_ += 2;
            if (!Hex4(&low) || low < 0xDC00 || low >= 0xE000) return Fail("lone surrogate");
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
          }
          Utf8(cp, out);
          break;
        }
        default:
          return Fail("bad escape");
      }
    }
    return Fail("unterminated string");
  }
  bool Array(Json* out, int depth) {
    out->type_ = Json::kArray;
    ++pos_;
    Space();
    if (pos_ < text_.size() && text_[pos_] == ']') {
      ++pos_;
      return true;
    }
    for (;;) {
      out->items_.push_back(Json());
      if (!Value(&out->items_.back(), depth + 1)) return false;
      Space();
      if (pos_ < text_.size() && text_[pos_] == ',') {
        ++pos_;
        continue;
      }
      if (pos_ < text_.size() && text_[pos_] == ']') {
        ++pos_;
        return true;
      }
      return Fail("',' or ']' expected");
    }
  }
  bool Object(Json* out, int depth) {
    out->type_ = Json::kObject;
    ++pos_;
    Space();
    if (pos_ < text_.size() && text_[pos_] == '}') {
      ++pos_;
      return true;
    }
    for (;;) {
      Space();
      if (pos_ >= text_.size() || text_[pos_] != '"') return Fail("key expected");
      std::string key;
      if (!String(&key)) return false;
      Space();
      if (pos_ >= text_.size() || text_[pos_] != ':') return Fail("':' expected");
      ++pos_;
      out->members_.push_back(std::make_pair(key, Json()));
      if (!Value(&out->members_.back().second, depth + 1)) return false;
      Space();
      if (pos_ < text_.size() && text_[pos_] == ',') {
        ++pos_;
        continue;
      }
      if (pos_ < text_.size() && text_[pos_] == '}') {
        ++pos_;
        return true;
      }
      return Fail("',' or '}' expected");
    }
  }

  const std::string& text_;
  std::size_t pos_;
  std::string* error_;
};

Json Json::Parse(const std::string& text, std::string* error) {
  Json out;
  JsonParser parser(text, error);
  if (!parser.Document(&out)) return Json();
  return out;
}

const Json* Json::Find(const std::string& key) const {
  for (std::size_t i = 0; i < members_.size(); ++i) {
    if (members_[i].first == key) return &members_[i].second;
  }
  return nullptr;
}

}  // namespace spec
