/* sw-model-file-private.h: the *.shaft reader's look at the raw text, before
 * json-glib's parser sees it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Arrays and objects inside each other, the top-level object counted: a
 * model needs fewer than 10, its signals up to about 70, and json-glib's
 * parser recurses once per level (about 75 000 levels overflow the stack). */
#define SW_MODEL_FILE_MAX_DEPTH 256

/* No location beyond the text: the value ends or nothing follows it. */
#define SW_SCAN_NONE G_MAXSIZE

/* offset: the byte a problem is at; message: one line, valid UTF-8. */
typedef void (*SwScanProblemFunc) (gsize       offset,
                                   const char *message,
                                   gpointer    user_data);

typedef struct {
  gsize    value_end;  /* one past the first top-level array or object, or SW_SCAN_NONE */
  gsize    trailing;   /* the first byte after it that is neither space nor comment, or SW_SCAN_NONE */
  /* Where every value of the first top-level container begins (guint32
   * offsets, in the order of the text, the container itself first), when
   * the caller passes an array; plain TRUE when the text is strict JSON
   * (no comments, no '…' strings, no bare words, no integer beyond gint64),
   * which json-glib turns into a tree of exactly those values in that order. */
  GArray  *starts;
  gboolean plain;
  /* One past each array or object that is a member of the top-level
   * container (guint32, in the order of the text), when the caller passes
   * an array: where the reader's large arrays end without a walk of them. */
  GArray  *member_ends;
} SwScanResult;

/* Checks what json-glib would read wrongly or crash on: text that is not
 * UTF-8 or holds a NUL byte, nesting deeper than max_depth, "\u0000" and
 * unpaired UTF-16 surrogate escapes in strings. Reports each problem through
 * report and returns FALSE when there were any: then the text must not be
 * parsed. Linear in length; the lexical rules are json-glib 1.6's (strings
 * in "…" with escapes and in '…' without, comments in / * … * /).
 * result->starts and result->member_ends: NULL, or empty arrays that
 * receive the value starts and the members' ends. */
gboolean _sw_model_file_scan (const char        *data,
                              gsize              length,
                              guint              max_depth,
                              SwScanProblemFunc  report,
                              gpointer           user_data,
                              SwScanResult      *result);

G_END_DECLS
