/* sw-model-private.h: what the model's reader, writer and editing functions
 * share. The checks return messages without a location; the reader puts
 * "FILE:LINE:COL: error: " in front, the editing functions use them as they
 * are.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sw-model.h"
#include "sw-error.h"
#include "sw-number.h"
#include "sw-observed.h"

G_BEGIN_DECLS

struct _SwModel
{
  GObject               parent_instance;

  char                 *display_name;
  char                 *name;
  GArray               *components;     /* SwComponent, cleared on removal */
  GArray               *connections;    /* SwConnection */
  GPtrArray            *connection_ui;  /* JsonNode or NULL, one per connection */
  SwSimulationSettings  simulation;
  JsonNode             *ui;             /* the top-level "ui", kept as is; or NULL */
  JsonNode             *interface;      /* a subsystem's "interface", kept as is; or NULL */
  JsonNode             *subsystems;     /* inline definitions ("subsystems"), kept as is; or NULL */
  GArray               *excitation;     /* SwExcitationEntry: the file's "excitation" */
  JsonNode             *excitation_node; /* it as the file wrote it (the writer's); or NULL */
  GArray               *observed;       /* SwObservedEntry: the file's "observed" */
  char                 *folder;         /* where it was read from (subsystems' files), or NULL */
  GPtrArray            *read_files;     /* char *: other files its source read (a Modelica table's), or NULL */
  GPtrArray            *shared_names;   /* char *: the shared signals' names */
  GPtrArray            *shared_signals; /* SwSignal *, one per name */
  GHashTable           *index;          /* id (the component's own) -> index + 1; NULL: to be rebuilt */
  GHashTable           *connection_index; /* both ends (gint64) -> index + 1; NULL: to be rebuilt */
  guint                 edit_depth;     /* sw_model_begin_edit() nesting */
  gboolean              edit_changed;   /* a change happened inside it */
};

/* The valid values of "method" in a file ("auto" stands for NULL). */
extern const char *const _sw_simulation_methods[];

/* An observed variable's name (valid, not a component's id or another
 * observed's) and formula (its syntax, and every variable it reads one of
 * the model's: a component's variable or port variable, ports' speeds
 * included); *position: the 1-based character of the formula where it is
 * wrong (0: the name). sw-model-observed.c. */
gboolean      _sw_model_check_observed     (SwModel      *model,
                                            const char   *name,
                                            const char   *expression,
                                            guint        *position,
                                            GError      **error);

/* The "observed" array to write, or NULL without any. */
JsonNode     *_sw_model_observed_to_json   (SwModel      *model);

/* “text” for a message: valid UTF-8, control characters replaced, shortened
 * when long. Free with g_free(). */
char         *_sw_quote                    (const char   *text);
/* "component “id”" for messages. */
char         *_sw_component_label          (const char   *id);

/* Adds the definitions of other that model lacks; one that model defines
 * otherwise comes under a new name, which other's components then use. */
void          _sw_model_merge_definitions  (SwModel      *model,
                                            SwModel      *other);
void          _sw_component_clear          (SwComponent  *component);
/* path is a file the model's source read (a Modelica table's fileName):
 * one of its inputs (sw_model_dup_input_files()). */
void          _sw_model_add_read_file      (SwModel      *model,
                                            const char   *path);
/* Parameter p set to a number, unchecked (a signal parameter becomes that
 * constant, no longer naming a shared signal); NAN: not given. */
void          _sw_component_set_number     (SwComponent       *c,
                                            guint              p,
                                            double             value);
/* dest, a copy of src (its own references). */
void          _sw_component_copy           (SwComponent       *dest,
                                            const SwComponent *src);
/* Fills a component with the defaults of its kind (INITIAL ones NAN, SIGNAL
 * ones a constant signal). Takes nothing; the id is copied. */
void          _sw_component_init           (SwComponent  *component,
                                            const SwKind *kind,
                                            const char   *id);

gboolean      _sw_check_id                 (const char   *id,
                                            GError      **error);
/* who: "component “x”" (a prefix for the message). */
const SwKind *_sw_lookup_kind              (const char   *who,
                                            const char   *kind_name,
                                            GError      **error);
int           _sw_find_param               (const char   *who,
                                            const SwKind *kind,
                                            const char   *name,
                                            GError      **error);
/* Checks value against the parameter's type and range. */
gboolean      _sw_check_param              (const char   *who,
                                            const SwKind *kind,
                                            guint         param,
                                            double        value,
                                            GError      **error);
/* kind->validate with who in front of its message. */
gboolean      _sw_validate_params          (const char   *who,
                                            const SwKind *kind,
                                            const double *params,
                                            GError      **error);
/* TABLE parameters. The value SwComponent.param holds for one: its first
 * row's second column (NAN for a table of one column). */
double        _sw_table_param_value        (const SwTable *table);
/* The valid range of a value called name: "0 < J <= 1e3", "w >= 0", "any
 * finite number". Free with g_free(). */
char         *_sw_describe_range_of        (const char        *name,
                                            double             min,
                                            double             max,
                                            gboolean           min_exclusive);
/* "[w, mue]". Free with g_free(). */
char         *_sw_table_dup_row_shape      (const SwTableDesc *table);
/* One value at row, column (0-based) of a TABLE parameter: finite, in
 * the column's range and in the number scale, and for column 0 larger than
 * previous (the row before's; unused in row 0). */
gboolean      _sw_check_table_value        (const char        *who,
                                            const SwParamDesc *desc,
                                            guint              row,
                                            guint              column,
                                            double             value,
                                            double             previous,
                                            GError           **error);
/* The whole table: its width and every value as above. */
gboolean      _sw_check_table              (const char    *who,
                                            const SwKind  *kind,
                                            guint          param,
                                            const SwTable *table,
                                            GError       **error);
/* EXPRESSION parameters: the kind's default, and the check with who and
 * the parameter in front of the message; *position (1-based character of
 * the text, 0: none) and *constant (index, or -1) say where it is wrong. */
SwExpression *_sw_expression_default       (const SwParamDesc  *desc);
gboolean      _sw_check_expression         (const char         *who,
                                            const SwParamDesc  *desc,
                                            const SwExpression *expression,
                                            guint              *position,
                                            int                *constant,
                                            GError            **error);
/* The value SwComponent.param holds for a SIGNAL parameter. */
double        _sw_signal_param_value       (const SwSignal *signal);

/* "component.port" in the model; *component, *port on success. */
/* The component a path names: an id of the model, or a subsystem
 * instance's id, a dot and a path inside its definition ("engine1.crank",
 * as the flattened system names it). Its index in *owner (the model itself
 * or a subsystem's inner model), or -1. */
int           _sw_model_find_component_path (SwModel     *self,
                                             const char  *path,
                                             SwModel    **owner);
gboolean      _sw_model_resolve_port       (SwModel      *self,
                                            const char   *ref,
                                            guint        *component,
                                            guint        *port,
                                            GError      **error);
/* Domains, self-connection, duplicates. When connection duplicates an
 * existing one, *duplicate_of (may be NULL) is its index, else -1. */
gboolean      _sw_model_check_connection   (SwModel            *self,
                                            const SwConnection *connection,
                                            int                *duplicate_of,
                                            GError            **error);
/* "id.port" of one end. */
char         *_sw_model_dup_port_ref       (SwModel      *self,
                                            guint         component,
                                            guint         port);

/* Adds a shared signal (name not yet used); takes a reference. */
void          _sw_model_add_shared_signal  (SwModel      *self,
                                            const char   *name,
                                            SwSignal     *signal);

/* Appends without checks or signals; takes the component's contents and ui. */
/* A new component of kind (or, NULL, the catalogue's kind_name) with id,
 * a subsystem's model_ref; its index, or -1 with the error. */
int           _sw_model_add_component_of   (SwModel      *model,
                                            const SwKind *kind,
                                            const char   *kind_name,
                                            const char   *id,
                                            const char   *model_ref,
                                            GError      **error);
void          _sw_model_take_component     (SwModel      *self,
                                            SwComponent  *component);
void          _sw_model_take_connection    (SwModel            *self,
                                            const SwConnection *connection,
                                            JsonNode           *ui);
void          _sw_model_set_display_name   (SwModel      *self,
                                            const char   *display_name);
/* sw_model_assemble_emptying(): the model emptied of its components (no
 * "changed": its caller drops it; its connections stay, for the nodes),
 * and where the file defined each component, its line and column (0: not
 * from a file), two numbers a component in the model's order. Free with
 * g_free(). */
guint        *_sw_model_take_locations     (SwModel      *model);
/* Then of its connections. */
void          _sw_model_drop_connections   (SwModel      *model);

/* sw_model_new_from_file() with the size from which the file's text is
 * mapped rather than read into memory (0: the reader's own, 4 MiB). */
SwModel      *_sw_model_new_from_file_mapping (const char  *path,
                                               gsize        smallest_mapped,
                                               GError     **error);

/* Shared by sw-model.c, sw-model-checks.c and sw-model-schematic.c. */
/* "changed" now, or once at the end of the outermost sw_model_begin_edit(). */
void          _sw_model_emit_changed       (SwModel      *model);
void          _sw_model_index_invalidate   (SwModel      *self);
/* A component's per-parameter arrays, zeroed, and their size in bytes. */
void          _sw_component_alloc_params   (SwComponent  *component,
                                            const SwKind *kind);
gsize         _sw_component_params_bytes   (const SwKind *kind);

G_END_DECLS
