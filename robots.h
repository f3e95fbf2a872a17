// robots.h at the top of the checkout, where Google's repository has it: a
// project that vendored Google's robotstxt and compiles with -I<checkout>
// gets the drop-in (include/robots.h, Google's googlebot:: API) unchanged.
//
// Copyright the robotstxt authors. SPDX-License-Identifier: Apache-2.0
#include "include/robots.h"
