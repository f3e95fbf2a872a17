// One translation unit of the mixed-flag programs, compiled once per set of
// flags (scripts/test-dropin-modes.sh): with -DMODES_UNIT=noexc and
// -fno-exceptions, -DMODES_UNIT=nortti and -fno-rtti, -DMODES_UNIT=google
// and -fno-exceptions -fno-rtti -fno-threadsafe-statics (the flags of
// Google's own code base and of Chromium). Each unit parses, makes
// matchers (plain and a subclass of its own) and queries whatever matcher
// it is handed, so that every inline function of the drop-in is compiled
// in every mode and called across the modes.
#include "modes.h"

#define MODES_CONCAT2(a, b) a##_##b
#define MODES_CONCAT(a, b) MODES_CONCAT2(a, b)
#define MODES_NAME(name) MODES_CONCAT(name, MODES_UNIT)

MODES_DECLARE_UNIT(MODES_UNIT)

// Every body through a recorder of this unit, which keeps or overrides
// ReportLineMetadata().
std::string MODES_NAME(ParseAll)(bool metadata) {
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

// A parse called from this unit with a handler made anywhere (one that
// throws included: nothing here needs destroying when it passes).
void MODES_NAME(Parse)(const std::string& body,
                       googlebot::RobotsParseHandler* handler) {
  googlebot::ParseRobotsTxt(body, handler);
}

googlebot::RobotsMatcher* MODES_NAME(NewMatcher)(bool subclass) {
  if (subclass) return new modes::CountingMatcher();
  return new googlebot::RobotsMatcher();
}

// The callbacks a subclass made by this unit counted.
std::string MODES_NAME(Counts)(googlebot::RobotsMatcher* matcher) {
  const modes::CountingMatcher* counting =
      static_cast<const modes::CountingMatcher*>(matcher);
  return std::to_string(counting->allows) + " allows, " +
         std::to_string(counting->disallows) + " disallows";
}

std::string MODES_NAME(AnswerAll)(googlebot::RobotsMatcher* matcher,
                                  const char* who) {
  return modes::AnswerAll(*matcher, who);
}

// A query from this unit (one whose handler throws included).
bool MODES_NAME(OneAgent)(googlebot::RobotsMatcher* matcher,
                          const std::string& body, const std::string& agent,
                          const std::string& url) {
  return matcher->OneAgentAllowedByRobots(body, agent, url);
}
