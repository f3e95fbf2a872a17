// reporting_robots.h at the top of the checkout, where Google's repository
// has it: the drop-in's include/reporting_robots.h, for a project that
// vendored Google's robotstxt and compiles with -I<checkout>.
//
// Copyright the robotstxt authors. SPDX-License-Identifier: Apache-2.0
#include "include/reporting_robots.h"
