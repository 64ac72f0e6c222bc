/* sw-model-reader-private.h: the *.shaft reader's state and the functions
 * its files share (sw-model-file*.c): where every value is in the text and
 * the problems found, the values read, the components read.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sw-model-private.h"
#include "sw-subsystem-private.h"

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define NO_OFFSET G_MAXSIZE

typedef struct {
  guint  line;      /* 0: no location */
  guint  column;
  guint  order;
  int    code;
  char  *message;
} Problem;

typedef struct {
  gsize       offset;   /* of the '{' or '[' */
  GHashTable *names;    /* an object's member names so far; NULL for arrays */
} OpenContainer;

/* A top-level array read element by element (sw-model-file-elements.c). */
typedef struct {
  gboolean present;
  gboolean visited;         /* its elements were read */
  gsize    open, close;     /* its '[' and ']' */
} SwElementSpan;

typedef struct {
  char       *data;         /* the text, NUL-terminated; read only */
  gboolean    owns_data;    /* a copy (else the caller's) */
  gboolean    mapped;       /* the file mapped: pages read may be given back */
  gsize       length;
  const char *file;
  GArray     *line_starts;  /* gsize: offset of each line's first byte */
  /* The last column worked out, to count on from there: lookups come in
   * increasing order, and a minified file is one long line. */
  guint       cached_line;
  gsize       cached_offset;
  guint       cached_column;
  /* Where data begins in its file (a definition of "subsystems"): lines
   * before it, and columns before it on its first line. */
  guint       base_line, base_column;
  guint64     n_flat;       /* components so far once subsystems are expanded */
  GArray     *open;         /* OpenContainer: the containers being parsed */
  GHashTable *where;        /* key (*_key () in sw-model-file-positions.c) -> offset + 1 */
  /* Plain JSON (see _sw_reader_parse_plain): the scan's value starts and
   * the tree they belong to, whose scalars are remembered at the first
   * lookup of one. */
  GArray     *starts;
  JsonNode   *scanned_root;
  guint       scanned_first; /* the index in starts of scanned_root's own start */
  gboolean    scalars_remembered;
  gboolean    owns_starts;
  /* Read element by element: the top-level tree holds "components" and
   * "connections" empty, their elements are parsed one at a time (all_starts:
   * the scan's starts, starts: those outside the arrays; element_where: the
   * positions in the element being read). stream_failed: read the file
   * again with a whole tree. */
  gboolean    streamed;
  gboolean    stream_failed;
  GArray     *all_starts;
  SwElementSpan component_span, connection_span;
  GHashTable *element_where;
  GArray     *problems;     /* Problem */
  SwModel    *model;
  char       *folder;       /* where subsystems' files are looked for */
  /* The file's inline subsystem definitions ("subsystems"): the outermost
   * reader's, borrowed by the readers of the definitions themselves. */
  SwInlineScope *scope;
  gboolean    owns_scope;
  gboolean    definition;   /* reading one of them: no header, no "subsystems" */
  GHashTable *defined;      /* component id -> offset + 1 of its first definition, when its
                             * kind is unknown (the others are in the model) */
  GHashTable *unreadable;   /* ids of components that could not be read */
  const SwKind *fast_kinds[4]; /* the kinds found last (sw-model-file-fast.c) */
} Reader;

void
_sw_reader_offset_to_location (Reader *r,
                               gsize   offset,
                               guint  *line,
                               guint  *column);

guint
_sw_reader_offset_to_line (Reader *r,
                           gsize   offset);

void
_sw_reader_add_problem_at (Reader     *r,
                           guint       line,
                           guint       column,
                           int         code,
                           const char *message);

void
_sw_reader_add_problem (Reader     *r,
                        gsize       offset,
                        int         code,
                        const char *format,
                        ...) G_GNUC_PRINTF (4, 5);

void
_sw_reader_add_error (Reader *r,
                      gsize   offset,
                      GError *error);

void
_sw_reader_add_parse_error (Reader       *r,
                            const GError *error);

void
_sw_reader_on_scan_problem (gsize       offset,
                            const char *message,
                            gpointer    user_data);

int
_sw_reader_compare_problems (gconstpointer a,
                             gconstpointer b);

void
_sw_reader_problem_clear (gpointer data);

void
_sw_reader_open_container_clear (gpointer data);

JsonParser *
_sw_reader_parser_reporting_positions (Reader *r);

gboolean
_sw_reader_parse_plain (Reader       *r,
                        JsonParser   *parser,
                        const char   *text,
                        gsize         length,
                        GArray       *starts);

gboolean
_sw_reader_remember_subtree (Reader   *r,
                             JsonNode *node,
                             gboolean  scalars,
                             guint    *next);

gboolean
_sw_reader_parse_streamed (Reader     *r,
                           JsonParser *parser,
                           gsize       length,
                           GArray     *starts,
                           GArray     *member_ends);

/* One element of an array: node, and array and index (or array NULL and
 * offset, the element's start, when read element by element). */
typedef void (*SwReaderElementFunc) (Reader    *r,
                                     JsonArray *array,
                                     guint      index,
                                     JsonNode  *node,
                                     gsize      offset);

/* An element at offset o (before limit) read straight from the text when
 * it is a common one (sw-model-file-fast.c): TRUE with *end one past it,
 * or FALSE having changed nothing. */
typedef gboolean (*SwReaderFastFunc) (Reader *r,
                                      gsize   o,
                                      gsize   limit,
                                      gsize  *end);

gboolean
_sw_reader_fast_component (Reader *r,
                           gsize   o,
                           gsize   limit,
                           gsize  *end);

gboolean
_sw_reader_fast_connection (Reader *r,
                            gsize   o,
                            gsize   limit,
                            gsize  *end);

/* read for each element of the array array_node (its text at span when
 * read element by element; fast first when not NULL). Once the model is read, _sw_reader_check_unread
 * parses the elements no one read: the file's syntax errors come first,
 * whether its model is read or not (r->stream_failed then). */
void
_sw_reader_for_each_element (Reader              *r,
                             JsonNode            *array_node,
                             SwElementSpan       *span,
                             SwReaderFastFunc     fast,
                             SwReaderElementFunc  read);

void
_sw_reader_check_unread (Reader *r);

/* A file's text mapped (sw-model-file-text.c) when it is a regular file of
 * at least smallest bytes (0: the reader's own threshold), ending with a
 * NUL of its own; FALSE to read it as before. */
typedef struct {
  char   *data;
  gsize   length;             /* the file's */
  gsize   mapped;
  int     fd;
  int     slot;
  gint64  mtime_s, mtime_ns;
} SwFileMap;

gboolean
_sw_model_file_map (const char *path,
                    gsize       smallest,
                    SwFileMap  *map);
/* Unmaps; FALSE when the file was cut short, grown or written to while it
 * was mapped (its text read is then not the file's). */
gboolean
_sw_model_file_unmap (SwFileMap *map);
/* The text of a file not mapped, NUL-terminated; a clear error for a
 * folder, and a device or pipe read at most up to its first NUL; a named
 * pipe nothing is written to within _sw_model_file_fifo_wait_ms an error. */
extern guint _sw_model_file_fifo_wait_ms;
gboolean
_sw_model_file_read (const char  *path,
                     char       **contents,
                     gsize       *length,
                     GError     **error);
/* The whole pages of text in [from, to) given back (a mapped text only). */
void
_sw_reader_release_text (Reader *r,
                         gsize   from,
                         gsize   to);
/* Reading on at offset with the text before released given back: the
 * pages before offset given back once a step of text is passed; the new
 * released. */
gsize
_sw_reader_release_behind (Reader *r,
                           gsize   released,
                           gsize   offset);

/* One past the JSON value starting at o, or end (see sw-model-file-elements.c). */
gsize
_sw_reader_value_end (Reader *r,
                      gsize   o,
                      gsize   end);

gsize
_sw_reader_object_offset (Reader     *r,
                          JsonObject *object);

gsize
_sw_reader_member_offset (Reader     *r,
                          JsonObject *object,
                          const char *name);

gsize
_sw_reader_member_key_offset (Reader     *r,
                              JsonObject *object,
                              const char *name);

gsize
_sw_reader_element_offset (Reader    *r,
                           JsonArray *array,
                           guint      index);

const char *
_sw_reader_describe_node (JsonNode *node);

gboolean
_sw_reader_node_get_number (JsonNode *node,
                            double   *value);

const char *
_sw_reader_node_get_string (JsonNode *node);

char *
_sw_reader_join_names (const char *const *names);

gboolean
_sw_reader_has_unknown_keys (JsonObject        *object,
                             const char *const *valid);

void
_sw_reader_check_keys (Reader            *r,
                       JsonObject        *object,
                       const char        *who,
                       const char *const *valid);

gboolean
_sw_reader_read_table (Reader      *r,
                       const char  *who,
                       SwComponent *c,
                       guint        p,
                       JsonObject  *params,
                       const char  *name);

gboolean
_sw_reader_read_expression (Reader      *r,
                            const char  *who,
                            SwComponent *c,
                            guint        p,
                            JsonObject  *params,
                            const char  *name);

void
_sw_reader_read_shared_signals (Reader *r, JsonObject *root);

/* The top-level "excitation" (sw-model-file-excitation.c): after the
 * components, whose ids it names. */
void
_sw_reader_read_excitation (Reader *r, JsonObject *root);

/* The top-level "observed" (sw-model-observed.c): after the components. */
void
_sw_reader_read_observed (Reader *r, JsonObject *root);

void
_sw_reader_read_component (Reader    *r,
                           JsonArray *array,
                           guint      index,
                           JsonNode  *node,
                           gsize      offset);

/* One element of plain JSON (the scan's) as json-glib's parser would make
 * it, without the parser; NULL where it might differ (sw-model-file-element-tree.c). */
JsonNode *_sw_reader_element_tree (const char *text,
                                   gsize       length);

G_END_DECLS
