// The first queries of several threads at once, in a unit built without
// thread-safe statics and without RTTI (modes_unit.cc's "google" unit):
// built with -fsanitize=thread, ThreadSanitizer reports any race between
// them. Each thread makes its own matcher and handlers, as Google's API
// asks; the answers are printed once they all agree.
#include <atomic>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include "modes.h"

MODES_DECLARE_UNIT(google)

int main() {
  const int kThreads = 4;
  std::atomic<int> ready(0);
  std::vector<std::string> answers(kThreads), parses(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      // All start their first query together.
      ready.fetch_add(1);
      while (ready.load() < kThreads) {
      }
      googlebot::RobotsMatcher* matcher = NewMatcher_google(false);
      answers[t] = AnswerAll_google(matcher, "");
      delete matcher;
      parses[t] = ParseAll_google(true);
    });
  }
  for (std::thread& thread : threads) thread.join();
  for (int t = 1; t < kThreads; ++t) {
    if (answers[t] != answers[0] || parses[t] != parses[0]) {
      std::printf("thread %d answered differently\n", t);
      return 1;
    }
  }
  std::printf("%s%s", answers[0].c_str(), parses[0].c_str());
  return 0;
}
