/* test-model-file-common.h: what the model file tests (test-model-file-*.c)
 * share: fixtures, loads that must fail, error messages and their format,
 * models compared.
 *
 * The test-model-file-*.c programs test reading, writing and editing models
 * (*.shaft).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <math.h>
#include <string.h>
#include <glib/gstdio.h>

#include "sw-error.h"
#include "sw-model.h"
#include "sw-test-files.h"

G_BEGIN_DECLS

/* Helpers */

char *
fixture_path (const char *name);

#define assert_contains(text, fragment)                                          \
  G_STMT_START {                                                                 \
    const char *text_ = (text), *fragment_ = (fragment);                         \
    if (text_ == NULL || strstr (text_, fragment_) == NULL)                      \
      g_test_message ("expected “%s” in:\n%s", fragment_, text_ ? text_ : "(null)"); \
    g_assert_nonnull (text_);                                                    \
    g_assert_nonnull (strstr (text_, fragment_));                                \
  } G_STMT_END

guint
count_lines (const char *text);

/* Every line of a load error is "NAME:LINE:COL: error: ..." or "NAME: error: ...". */
void
assert_error_format (const GError *error,
                     const char   *display_name);

void
assert_nodes_equal (JsonNode *a,
                    JsonNode *b);

void
assert_models_equal (SwModel *a,
                     SwModel *b);

/* Loads text that must fail; returns the message. */
char *
load_error (const char *text);

#define HEADER "{\"format\": \"shaftwork-model\", \"version\": 1, "

/* Errors */

char *
fixture_error (const char *name,
               int         code);

G_END_DECLS
