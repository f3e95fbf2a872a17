// The host of modes_plugin.cc: built with RTTI and exceptions, it loads the
// plugin (-fno-rtti, hidden visibility) with dlopen(), queries the
// plugin's matchers and has the plugin query its own, and parses with each
// other's handlers. It prints a transcript (compared with Google's
// library's) on stdout; built against the drop-in, it checks on stderr
// that a plain matcher made in the plugin still answers in the library's
// matcher, whoever asks.
#include <dlfcn.h>

#include <cstdio>
#include <string>

#include "modes.h"

namespace {

struct Plugin {
  googlebot::RobotsMatcher* (*new_matcher)(bool);
  void (*counts)(googlebot::RobotsMatcher*, std::string*);
  void (*answer_all)(googlebot::RobotsMatcher*, const char*, std::string*);
  void (*parse_with)(const std::string&, googlebot::RobotsParseHandler*);
  modes::Recorder* (*new_recorder)(bool);
  void (*recorder_log)(modes::Recorder*, std::string*);
};

template <typename F>
void Load(void* library, const char* name, F* f) {
  *f = reinterpret_cast<F>(dlsym(library, name));
  if (*f == nullptr) {
    std::fprintf(stderr, "no %s in the plugin\n", name);
    std::exit(2);
  }
}

#ifdef ROBOTSTXT_GOOGLEBOT_ROBOTS_H_
int library_queries = 0;
int failures = 0;
#endif

}  // namespace

#ifdef ROBOTSTXT_GOOGLEBOT_ROBOTS_H_
// The library's matcher, counted on its way: the host exports these
// (-rdynamic), so the plugin's calls come here too.
#include "modes_queries.h"
#endif

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s PLUGIN.so\n", argv[0]);
    return 2;
  }
  void* library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (library == nullptr) {
    std::fprintf(stderr, "dlopen: %s\n", dlerror());
    return 2;
  }
  Plugin plugin;
  Load(library, "plugin_new_matcher", &plugin.new_matcher);
  Load(library, "plugin_counts", &plugin.counts);
  Load(library, "plugin_answer_all", &plugin.answer_all);
  Load(library, "plugin_parse_with", &plugin.parse_with);
  Load(library, "plugin_new_recorder", &plugin.new_recorder);
  Load(library, "plugin_recorder_log", &plugin.recorder_log);

  // Matchers made on each side, asked on each side.
  for (const bool made_by_plugin : {false, true}) {
    for (const bool subclass : {false, true}) {
      googlebot::RobotsMatcher* matcher =
          made_by_plugin ? plugin.new_matcher(subclass)
                         : (subclass ? new modes::CountingMatcher()
                                     : new googlebot::RobotsMatcher());
      for (const bool asked_by_plugin : {false, true}) {
        const std::string who =
            std::string(made_by_plugin ? "plugin's " : "host's ") +
            (subclass ? "subclass" : "matcher") + " asked by " +
            (asked_by_plugin ? "plugin" : "host");
#ifdef ROBOTSTXT_GOOGLEBOT_ROBOTS_H_
        const int before = library_queries;
#endif
        std::string answers;
        if (asked_by_plugin) {
          plugin.answer_all(matcher, "", &answers);
        } else {
          answers = modes::AnswerAll(*matcher, "");
        }
        if (made_by_plugin && !subclass && !asked_by_plugin) {
          std::printf("%s", answers.c_str());
        }
        std::string counts;
        if (subclass && made_by_plugin) {
          plugin.counts(matcher, &counts);
        } else if (subclass) {
          const modes::CountingMatcher* counting =
              static_cast<const modes::CountingMatcher*>(matcher);
          counts = std::to_string(counting->allows) + " allows, " +
                   std::to_string(counting->disallows) + " disallows";
        }
        std::printf("%s: %s%s%s\n", who.c_str(),
                    modes::Digest(answers).c_str(),
                    subclass ? ", " : "", counts.c_str());
#ifdef ROBOTSTXT_GOOGLEBOT_ROBOTS_H_
        const int n = static_cast<int>(modes::Bodies().size() *
                                       modes::Queries().size());
        if (library_queries - before != (subclass ? 0 : n)) {
          std::fprintf(stderr,
                       "FAIL (drop-in shortcut): %s: %d library queries, "
                       "expected %d\n",
                       who.c_str(), library_queries - before,
                       subclass ? 0 : n);
          ++failures;
        }
#endif
      }
      delete matcher;
    }
  }

  // Handlers made on each side, parsed on each side.
  const std::vector<std::string> bodies = modes::Bodies();
  for (const bool made_by_plugin : {false, true}) {
    for (const bool metadata : {false, true}) {
      for (const bool parsed_by_plugin : {false, true}) {
        std::string log;
        for (const std::string& body : bodies) {
          modes::Recorder* recorder =
              made_by_plugin ? plugin.new_recorder(metadata)
                             : (metadata ? new modes::MetadataRecorder()
                                         : new modes::Recorder());
          if (parsed_by_plugin) {
            plugin.parse_with(body, recorder);
          } else {
            googlebot::ParseRobotsTxt(body, recorder);
          }
          std::string one;
          if (made_by_plugin) {
            plugin.recorder_log(recorder, &one);
          } else {
            one = recorder->log;
          }
          log += one;
          delete recorder;
        }
        std::printf("%s's %srecorder parsed by %s: %s\n",
                    made_by_plugin ? "plugin" : "host",
                    metadata ? "metadata " : "",
                    parsed_by_plugin ? "plugin" : "host",
                    modes::Digest(log).c_str());
      }
    }
  }
#ifdef ROBOTSTXT_GOOGLEBOT_ROBOTS_H_
  std::fprintf(stderr, "drop-in: %d library queries, %d failures\n",
               library_queries, failures);
  return failures == 0 ? 0 : 1;
#else
  return 0;
#endif
}
