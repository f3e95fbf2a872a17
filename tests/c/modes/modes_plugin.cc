// A plugin built as some code bases build theirs: -fno-rtti, hidden
// visibility, loaded with dlopen() by a program built with RTTI
// (modes_host.cc). It makes matchers and handlers for the host, queries and
// parses with the host's, and exports only these C functions.
#include "modes.h"

#define MODES_PLUGIN_API extern "C" __attribute__((visibility("default")))

MODES_PLUGIN_API googlebot::RobotsMatcher* plugin_new_matcher(bool subclass) {
  if (subclass) return new modes::CountingMatcher();
  return new googlebot::RobotsMatcher();
}

MODES_PLUGIN_API void plugin_counts(googlebot::RobotsMatcher* matcher,
                                    std::string* out) {
  const modes::CountingMatcher* counting =
      static_cast<const modes::CountingMatcher*>(matcher);
  *out = std::to_string(counting->allows) + " allows, " +
         std::to_string(counting->disallows) + " disallows";
}

MODES_PLUGIN_API void plugin_answer_all(googlebot::RobotsMatcher* matcher,
                                        const char* who, std::string* out) {
  *out = modes::AnswerAll(*matcher, who);
}

MODES_PLUGIN_API void plugin_parse_with(const std::string& body,
                                        googlebot::RobotsParseHandler* handler) {
  googlebot::ParseRobotsTxt(body, handler);
}

MODES_PLUGIN_API modes::Recorder* plugin_new_recorder(bool metadata) {
  if (metadata) return new modes::MetadataRecorder();
  return new modes::Recorder();
}

MODES_PLUGIN_API void plugin_recorder_log(modes::Recorder* recorder,
                                          std::string* out) {
  *out = recorder->log;
}
