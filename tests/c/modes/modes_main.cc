// The mixed-flag program: this unit is built with exceptions and RTTI, the
// three units of modes_unit.cc without exceptions, without RTTI, and
// without either and without thread-safe statics. It parses in every unit,
// queries matchers (plain and subclasses) made in each unit from each unit,
// lets a handler and a matcher subclass of this unit throw through a parse
// or a query called from each unit, and queries again from an exit
// handler. It prints a transcript (compared with Google's library's) on
// stdout; built against the drop-in, it also checks on stderr that the
// shortcuts stayed on in every unit: the library's matcher answers for
// plain matchers, and a handler that keeps the default ReportLineMetadata()
// is not sent line metadata.
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include "modes.h"

MODES_DECLARE_UNIT(noexc)
MODES_DECLARE_UNIT(nortti)
MODES_DECLARE_UNIT(google)

namespace {

#ifdef ROBOTSTXT_GOOGLEBOT_ROBOTS_H_
// What the drop-in asked of the library, counted by the interposers below.
int library_queries = 0;
int parses_without_metadata = 0;
int parses_with_metadata = 0;
int shortcut_failures = 0;

void Expect(bool ok, const std::string& what) {
  if (!ok) {
    std::fprintf(stderr, "FAIL (drop-in shortcut): %s\n", what.c_str());
    ++shortcut_failures;
  }
}
#endif

struct Unit {
  const char* name;
  std::string (*parse_all)(bool);
  void (*parse)(const std::string&, googlebot::RobotsParseHandler*);
  googlebot::RobotsMatcher* (*new_matcher)(bool);
  std::string (*counts)(googlebot::RobotsMatcher*);
  std::string (*answer_all)(googlebot::RobotsMatcher*, const char*);
  bool (*one_agent)(googlebot::RobotsMatcher*, const std::string&,
                    const std::string&, const std::string&);
};

// This unit's own functions, in the units' shape.
std::string ParseAll_main(bool metadata) {
  std::string out;
  const std::vector<std::string> bodies = modes::Bodies();
  for (std::size_t b = 0; b < bodies.size(); ++b) {
    modes::Recorder plain;
    modes::MetadataRecorder with_metadata;
    modes::Recorder* recorder = metadata ? &with_metadata : &plain;
    googlebot::ParseRobotsTxt(bodies[b], recorder);
    out += "parse body " + std::to_string(b) +
           (metadata ? " with metadata\n" : "\n") + recorder->log;
  }
  return out;
}
void Parse_main(const std::string& body, googlebot::RobotsParseHandler* h) {
  googlebot::ParseRobotsTxt(body, h);
}
googlebot::RobotsMatcher* NewMatcher_main(bool subclass) {
  if (subclass) return new modes::CountingMatcher();
  return new googlebot::RobotsMatcher();
}
std::string Counts_main(googlebot::RobotsMatcher* matcher) {
  const modes::CountingMatcher* counting =
      static_cast<const modes::CountingMatcher*>(matcher);
  return std::to_string(counting->allows) + " allows, " +
         std::to_string(counting->disallows) + " disallows";
}
std::string AnswerAll_main(googlebot::RobotsMatcher* matcher, const char* who) {
  return modes::AnswerAll(*matcher, who);
}
bool OneAgent_main(googlebot::RobotsMatcher* matcher, const std::string& body,
                   const std::string& agent, const std::string& url) {
  return matcher->OneAgentAllowedByRobots(body, agent, url);
}

const Unit kUnits[] = {
    {"main", ParseAll_main, Parse_main, NewMatcher_main, Counts_main,
     AnswerAll_main, OneAgent_main},
    {"noexc", ParseAll_noexc, Parse_noexc, NewMatcher_noexc, Counts_noexc,
     AnswerAll_noexc, OneAgent_noexc},
    {"nortti", ParseAll_nortti, Parse_nortti, NewMatcher_nortti,
     Counts_nortti, AnswerAll_nortti, OneAgent_nortti},
    {"google", ParseAll_google, Parse_google, NewMatcher_google,
     Counts_google, AnswerAll_google, OneAgent_google},
};

// Throws at the second rule it is handed.
class ThrowingRecorder : public modes::Recorder {
 public:
  int rules = 0;
  void HandleDisallow(int line, absl::string_view value) override {
    Add("disallow", line, value);
    if (++rules == 2) throw std::runtime_error("handler failed");
  }
  void HandleAllow(int line, absl::string_view value) override {
    Add("allow", line, value);
    if (++rules == 2) throw std::runtime_error("handler failed");
  }
};

class ThrowingMatcher : public modes::CountingMatcher {
 public:
  bool throw_on_disallow = true;

 protected:
  void HandleDisallow(int line, absl::string_view value) override {
    if (throw_on_disallow) throw std::runtime_error("matcher handler failed");
    CountingMatcher::HandleDisallow(line, value);
  }
};

void Parses() {
  for (const Unit& unit : kUnits) {
    for (const bool metadata : {false, true}) {
#ifdef ROBOTSTXT_GOOGLEBOT_ROBOTS_H_
      const int before_with = parses_with_metadata;
      const int before_without = parses_without_metadata;
#endif
      const std::string transcript = unit.parse_all(metadata);
      // The first unit's in full, the others as digests of the same text.
      if (&unit == &kUnits[0]) std::printf("%s", transcript.c_str());
      std::printf("%s parses%s: %s\n", unit.name,
                  metadata ? " with metadata" : "",
                  modes::Digest(transcript).c_str());
#ifdef ROBOTSTXT_GOOGLEBOT_ROBOTS_H_
      const int n = static_cast<int>(modes::Bodies().size());
      Expect(parses_with_metadata - before_with == (metadata ? n : 0) &&
                 parses_without_metadata - before_without ==
                     (metadata ? 0 : n),
             std::string(unit.name) + ": line metadata asked for " +
                 (metadata ? "an override" : "the default only"));
#endif
    }
  }
}

void Matchers() {
  for (const Unit& maker : kUnits) {
    for (const bool subclass : {false, true}) {
      googlebot::RobotsMatcher* matcher = maker.new_matcher(subclass);
      for (const Unit& asker : kUnits) {
        const std::string who = std::string(maker.name) + "'s " +
                                (subclass ? "subclass" : "matcher") +
                                " asked by " + asker.name;
#ifdef ROBOTSTXT_GOOGLEBOT_ROBOTS_H_
        const int before = library_queries;
#endif
        // The first pair's answers in full, every pair's as a digest.
        const std::string answers = asker.answer_all(matcher, "");
        if (&maker == &kUnits[0] && &asker == &kUnits[0] && !subclass) {
          std::printf("%s", answers.c_str());
        }
        std::printf("%s: %s%s%s\n", who.c_str(),
                    modes::Digest(answers).c_str(), subclass ? ", " : "",
                    subclass ? maker.counts(matcher).c_str() : "");
#ifdef ROBOTSTXT_GOOGLEBOT_ROBOTS_H_
        const int n = static_cast<int>(modes::Bodies().size() *
                                       modes::Queries().size());
        Expect(library_queries - before == (subclass ? 0 : n),
               who + ": the library's matcher answers plain matchers only");
#endif
      }
      delete matcher;
    }
  }
}

void Exceptions() {
  const std::string body = modes::Bodies()[0];
  for (const Unit& unit : kUnits) {
    ThrowingRecorder recorder;
    try {
      unit.parse(body, &recorder);
      std::printf("%s: no exception from the handler\n", unit.name);
    } catch (const std::runtime_error& e) {
      std::printf("%s: caught \"%s\" from the handler after\n%s", unit.name,
                  e.what(), recorder.log.c_str());
    }
    ThrowingMatcher matcher;
    try {
      unit.one_agent(&matcher, body, "FooBot", "http://foo.bar/x/");
      std::printf("%s: no exception from the matcher\n", unit.name);
    } catch (const std::runtime_error& e) {
      std::printf("%s: caught \"%s\" from the matcher\n", unit.name, e.what());
    }
    matcher.throw_on_disallow = false;
    std::printf("%s: then %s\n", unit.name,
                unit.one_agent(&matcher, body, "FooBot", "http://foo.bar/x/")
                    ? "allowed"
                    : "disallowed");
  }
}

// Queries from an exit handler, after main() has returned and static
// objects are being destroyed.
void AtExit() {
  for (const Unit& unit : kUnits) {
    googlebot::RobotsMatcher* matcher = unit.new_matcher(false);
    const bool allowed = unit.one_agent(matcher, modes::Bodies()[0], "FooBot",
                                        "http://foo.bar/x/page.html");
    delete matcher;
    std::printf("at exit, %s: %s, parses %s\n", unit.name,
                allowed ? "allowed" : "disallowed",
                modes::Digest(unit.parse_all(true)).c_str());
  }
  std::fflush(stdout);
#ifdef ROBOTSTXT_GOOGLEBOT_ROBOTS_H_
  if (shortcut_failures != 0) std::_Exit(1);
#endif
}

}  // namespace

#ifdef ROBOTSTXT_GOOGLEBOT_ROBOTS_H_
// The drop-in's calls into the library, counted on their way (this program
// links librobotstxt dynamically; its own definitions come first).
#include <dlfcn.h>

extern "C" robotstxt_status robotstxt_parse(
    const char* body, size_t body_len,
    const robotstxt_parse_callbacks* callbacks) {
  using Parse = robotstxt_status (*)(const char*, size_t,
                                     const robotstxt_parse_callbacks*);
  static const Parse next =
      reinterpret_cast<Parse>(dlsym(RTLD_NEXT, "robotstxt_parse"));
  ++(callbacks->report_line_metadata != nullptr ? parses_with_metadata
                                                : parses_without_metadata);
  return next(body, body_len, callbacks);
}

#include "modes_queries.h"
#endif

int main() {
  std::atexit(AtExit);
  Parses();
  Matchers();
  Exceptions();
#ifdef ROBOTSTXT_GOOGLEBOT_ROBOTS_H_
  std::fprintf(stderr, "drop-in: %d library queries, %d parses without and %d with line metadata, %d failures\n",
               library_queries, parses_without_metadata, parses_with_metadata,
               shortcut_failures);
#endif
  return 0;
}
