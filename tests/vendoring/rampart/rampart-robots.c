/* The C side of the stand-in for rampart's robots module: the function
   scripts/test-vendoring.sh asks. The body is NUL-terminated (rampart hands
   C strings over), and none of the bodies asked has a NUL byte. */
#include <stddef.h>

int rp_rbt_allowed(char *robots_txt, char *uagent, char *iurl);

int vendoring_allowed(const char *body, size_t body_len, const char *agent,
                      const char *url, int *matching_line) {
  (void)body_len;
  *matching_line = -1; /* rampart's module gives the verdict only. */
  return rp_rbt_allowed((char *)body, (char *)agent, (char *)url);
}
