/* sw-model.h: the editable document: components, connections, settings.
 *
 * SwModel is owned by the main thread; a worker never touches it. Solving
 * starts from an immutable snapshot (sw_system_new() in sw-system.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>
#include <json-glib/json-glib.h>
#include "sw-kind.h"
#include "sw-expression.h"
#include "sw-excitation.h"
#include "sw-observed.h"

G_BEGIN_DECLS

/* The per-parameter arrays below hold kind->n_params entries each (one
 * block, sized by the kind: a model of many small parts stays small). */
typedef struct {
  char         *id;          /* unique in the model; letters, digits, '_' */
  const SwKind *kind;
  /* Per kind parameter (index as in kind->params): the value, or NAN for an
   * INITIAL parameter the file leaves out. */
  double       *param;
  /* For SIGNAL parameters the signal (a constant one for a number); NULL for
   * the others. Owned by the component. */
  SwSignal    **signal;
  /* For SIGNAL parameters that name one of the model's shared signals
   * (its "signals"), that name; signal[] then holds that signal. NULL for
   * the others. Owned by the component. */
  char        **signal_ref;
  /* For TABLE parameters the table (the kind's default when not given);
   * NULL for the others. Owned by the component. param[] then holds the
   * table's first row's second column (the value at the lowest speed, for
   * display: a symbol's key text), or NAN for a table of one column. */
  SwTable     **table;
  /* For EXPRESSION parameters the formula and its constants (the kind's
   * default when not given); NULL for the others. Owned by the component.
   * param[] then holds NAN. */
  SwExpression **expression;
  /* TRUE where the file (or the editor) gave the parameter; saving writes
   * these and leaves defaults out. */
  gboolean     *given;
  gboolean      has_position;
  double        position[2];
  JsonNode     *ui;          /* the component's "ui" object, kept as is; or NULL */
  char         *model_ref;   /* a subsystem: its file as the model names it; else NULL */
  char         *definition;  /* a subsystem defined in the model: its name; else NULL */
  guint         line, column;/* where the file defines it; 0 when not read from a file */
} SwComponent;

typedef struct {
  guint from_component, from_port;   /* component index, port index in its kind */
  guint to_component, to_port;
  guint line, column;
} SwConnection;

typedef struct {
  double stop_time_s;
  double output_interval_s;
  double tolerance;
  char  *method;            /* NULL: chosen per model; else "rk45", "rk8pd", "bdf", ... */
} SwSimulationSettings;

/* The finest tolerance a run takes: doubles hold about 16 digits, and below
 * this the integrators fail with messages that blame stiffness or overflow
 * (1e-300 ran "needed more than 2000000 steps" or "became infinite"). */
#define SW_TOLERANCE_MIN 1e-14

#define SW_TYPE_MODEL (sw_model_get_type ())
G_DECLARE_FINAL_TYPE (SwModel, sw_model, SW, MODEL, GObject)

SwModel     *sw_model_new                 (void);
/* Reads a *.shaft file. Every problem found is reported, one per line, as
 * "FILE:LINE:COL: error: message" in a single GError. */
SwModel     *sw_model_new_from_file       (const char  *path,
                                           GError     **error);
/* As above from memory; display_name stands for FILE in messages. */
SwModel     *sw_model_new_from_data       (const char  *data,
                                           gssize       length,
                                           const char  *display_name,
                                           GError     **error);
/* The same with the folder a subsystem's "model" file is relative to (NULL:
 * display_name's). */
SwModel     *sw_model_new_from_data_in    (const char  *data,
                                           gssize       length,
                                           const char  *display_name,
                                           const char  *folder,
                                           GError     **error);
/* Writes a temporary file beside path and renames it over path, as
 * sw-output-file.h describes (links followed, mode kept, read-only refused). */
gboolean     sw_model_save_to_file        (SwModel     *model,
                                           const char  *path,
                                           GError     **error);
char        *sw_model_to_data             (SwModel     *model,
                                           gsize       *length);

/* The file name messages use ("<memory>" when not read from a file). */
const char  *sw_model_get_display_name    (SwModel     *model);
/* After "save as": the name messages use from now on. */
void         sw_model_set_display_name    (SwModel     *model,
                                           const char  *display_name);
const char  *sw_model_get_name            (SwModel     *model);
/* Frees the caches that make finding a component by id and a repeated
 * connection fast (rebuilt when next needed): for a program that reads a
 * large model only to assemble it (200 000 components: 23 MB). */
void         sw_model_drop_caches         (SwModel     *model);
void         sw_model_set_name            (SwModel     *model,
                                           const char  *name);

guint              sw_model_get_n_components  (SwModel *model);
/* The model's shared signals ("signals" in a file: a name for a signal
 * that SIGNAL parameters refer to by that name), in the file's order. */
guint        sw_model_get_n_shared_signals (SwModel *model);
const char  *sw_model_get_shared_signal_name (SwModel *model,
                                              guint    index);
SwSignal    *sw_model_get_shared_signal   (SwModel *model,
                                           guint    index);
/* The index of the shared signal called name, or -1. */
int          sw_model_find_shared_signal  (SwModel    *model,
                                           const char *name);
/* Sets shared signal index to signal (referenced) for every parameter
 * that names it, each checked as sw_model_set_param_signal() checks one
 * (the message names the shared signal, the component and the parameter);
 * the parameters keep the name. One "changed". */
gboolean     sw_model_set_shared_signal   (SwModel    *model,
                                           guint       index,
                                           SwSignal   *signal,
                                           GError    **error);

const SwComponent *sw_model_get_component     (SwModel *model,
                                               guint    index);
/* -1 when there is none. */
int                sw_model_find_component    (SwModel    *model,
                                               const char *id);
guint              sw_model_get_n_connections (SwModel *model);
const SwConnection*sw_model_get_connection    (SwModel *model,
                                               guint    index);
const SwSimulationSettings *sw_model_get_simulation (SwModel *model);
/* The file's harmonic excitation ("excitation", sw-excitation.h), as read;
 * borrowed, n_entries of them (0: none). */
const SwExcitationEntry *sw_model_get_excitation (SwModel *model,
                                                  guint   *n_entries);
/* The observed variables ("observed", sw-observed.h): formulas over the
 * results written as columns of their own; borrowed, in the file's order. */
const SwObservedEntry   *sw_model_get_observed   (SwModel *model,
                                                  guint   *n_entries);
/* Adds one after checking its name, formula and unit (NULL or "": none)
 * against the model (its components first); FALSE with a message naming
 * it and what is valid. */
gboolean                 sw_model_add_observed   (SwModel    *model,
                                                  const char *name,
                                                  const char *expression,
                                                  const char *unit,
                                                  GError    **error);

/* Editing (used by tests and, later, the editor). Each validates and sets
 * a message naming the component and parameter on failure. */
int          sw_model_add_component       (SwModel     *model,
                                           const char  *kind_name,
                                           const char  *id,
                                           GError     **error);
gboolean     sw_model_set_param           (SwModel     *model,
                                           guint        component,
                                           const char  *param,
                                           double       value,
                                           GError     **error);
/* Several numbers at once, checked together (a limit against another):
 * names[k] = values[k]. */
gboolean     sw_model_set_params          (SwModel            *model,
                                           guint               component,
                                           guint               n,
                                           const char * const *names,
                                           const double       *values,
                                           GError            **error);
gboolean     sw_model_set_param_signal    (SwModel     *model,
                                           guint        component,
                                           const char  *param,
                                           SwSignal    *signal,
                                           GError     **error);
/* A TABLE parameter (sw-table.h): n_columns as the kind's table says, the
 * first column strictly increasing, every value in its column's range and
 * in the number scale; the message names the row and the column. The
 * table is referenced, not copied. sw_model_set_param() refuses a TABLE
 * parameter, and this refuses any other. */
gboolean     sw_model_set_param_table     (SwModel       *model,
                                           guint          component,
                                           const char    *param,
                                           const SwTable *table,
                                           GError       **error);
/* An EXPRESSION parameter (sw-expression.h): checked against the kind's
 * variables; the message says at which character of the text it is wrong
 * and what would be valid. The expression is referenced, not copied. The
 * other setters refuse an EXPRESSION parameter, and this refuses any other. */
gboolean     sw_model_set_param_expression (SwModel            *model,
                                            guint               component,
                                            const char         *param,
                                            const SwExpression *expression,
                                            GError            **error);
/* from and to are "component_id.port". */
gboolean     sw_model_connect             (SwModel     *model,
                                           const char  *from,
                                           const char  *to,
                                           GError     **error);
void         sw_model_set_simulation      (SwModel                    *model,
                                           const SwSimulationSettings *settings);

/* More editing, for the schematic editor. Each emits "changed" once. */
/* A fresh id for a new component of this kind: "inertia1", "inertia2", …
 * (the part of the kind name after the dot, numbered). */
char        *sw_model_dup_unique_id       (SwModel     *model,
                                           const char  *kind_name);
/* Removes the component and every connection to it; later indices shift
 * down by one. */
void         sw_model_remove_component    (SwModel     *model,
                                           guint        component);
void         sw_model_set_position        (SwModel     *model,
                                           guint        component,
                                           double       x,
                                           double       y);
/* Drawing state kept in the component's "ui" object: rotation in degrees
 * (0, 90, 180, 270) and horizontal flip. */
int          sw_model_get_rotation        (SwModel     *model,
                                           guint        component);
gboolean     sw_model_get_flipped         (SwModel     *model,
                                           guint        component);
void         sw_model_set_rotation        (SwModel     *model,
                                           guint        component,
                                           int          degrees,
                                           gboolean     flipped);
/* Any other member of a component's "ui" object (kept in the file as is):
 * NULL removes it. The getter borrows. */
void         sw_model_set_ui_member       (SwModel     *model,
                                           guint        component,
                                           const char  *name,
                                           JsonNode    *value);
JsonNode    *sw_model_get_ui_member       (SwModel     *model,
                                           guint        component,
                                           const char  *name);
/* A member of the model's own top-level "ui" object (view state such as
 * the plotted variables, kept in the file as is): NULL removes it. Neither
 * emits "changed": the window writes its view state just before saving.
 * The setter copies value; the getter borrows. */
void         sw_model_set_view_member     (SwModel     *model,
                                           const char  *name,
                                           JsonNode    *value);
JsonNode    *sw_model_get_view_member     (SwModel     *model,
                                           const char  *name);
/* Edits between these emit "changed" once, at the end (one undo step). */
void         sw_model_begin_edit          (SwModel     *model);
void         sw_model_end_edit            (SwModel     *model);
void         sw_model_remove_connection   (SwModel     *model,
                                           guint        connection);
/* Renames a component (same rules as the file: unique, [A-Za-z_][A-Za-z0-9_]*). */
gboolean     sw_model_set_id              (SwModel     *model,
                                           guint        component,
                                           const char  *id,
                                           GError     **error);
/* Replaces the whole content with a model file's text (undo, paste of a
 * whole document, revert); on error the model is unchanged. */
gboolean     sw_model_restore             (SwModel     *model,
                                           const char  *data,
                                           gssize       length,
                                           GError     **error);
/* The JSON text of the given components and the connections among them
 * (a clipboard fragment, same format as a file), and the reverse: adds the
 * fragment's components with fresh ids, offset by (dx, dy), and returns
 * the indices of the new components (free with g_array_unref). */
/* Subsystems defined in the model itself ("subsystems" in a file; see
 * sw-model-subsystems.c). The names, in the file's order (g_strfreev). */
char       **sw_model_dup_definition_names (SwModel     *model);
/* The definition called name as a model file of its own (with the other
 * definitions, which it may use), or NULL when there is none. */
char        *sw_model_dup_definition      (SwModel     *model,
                                           const char  *name);
/* Sets (or adds) the definition called name from a model file's text, as
 * sw_model_dup_definition() gives it, edited; definitions it holds go back
 * beside it. One change; FALSE, the model unchanged, when the model would
 * not read so (a port in use removed, …). */
gboolean     sw_model_set_definition      (SwModel     *model,
                                           const char  *name,
                                           const char  *data,
                                           GError     **error);
/* The parameter of the model's "interface" (the model being a subsystem)
 * that sets parameter param of component id inside ("J_fly" for
 * "flywheel", "J"), or NULL when none does (free with g_free()). A value
 * so bound is the one its block outside gives, not the inner one. */
char        *sw_model_dup_interface_param_for (SwModel    *model,
                                               const char *id,
                                               const char *param);
/* The ports of the model's "interface" (the model being a subsystem): a
 * NULL-terminated array of outer name, inner "component.port", outer
 * name, … in the file's order (g_strfreev); NULL when it has none. */
char       **sw_model_dup_interface_ports (SwModel    *model);
/* Adds a component of the subsystem in the file path, named from the
 * model's folder (relative below it, else absolute); its index, or -1. */
int          sw_model_add_subsystem       (SwModel     *model,
                                           const char  *path,
                                           const char  *id,
                                           GError     **error);
/* Moves the components into a new definition called name, used by one new
 * component in their place (returned: its index, or -1 with an error).
 * Their ports connected to other components become its ports. One change. */
int          sw_model_make_subsystem      (SwModel     *model,
                                           const guint *components,
                                           guint        n_components,
                                           const char  *name,
                                           GError     **error);
/* The same; with_params: the components' number parameters become the
 * subsystem's own ("spring_c" sets "spring.c", labelled "spring: Spring
 * constant"), given their values on the new component, so that they are
 * set from outside (the first SW_KIND_MAX_PARAMS of them). */
int          sw_model_make_subsystem_full (SwModel     *model,
                                           const guint *components,
                                           guint        n_components,
                                           const char  *name,
                                           gboolean     with_params,
                                           GError     **error);
/* The folder the model was read from (its subsystems' files are named
 * from there), or NULL. */
const char  *sw_model_get_folder          (SwModel     *model);
/* The kind of the subsystem in the file path (loaded once), or NULL with
 * the error. */
const SwKind *sw_kind_load_subsystem      (const char  *path,
                                           GError     **error);
/* While text is set (NULL: no more), the subsystem in the file path is
 * read from text instead of the file, wherever it is read anew (a
 * refresh, a model read): the window's edits of a subsystem's file not
 * saved yet, so that runs of the models using it see them. One text per
 * file for the process. */
void         sw_kind_set_subsystem_unsaved (const char *path,
                                            const char *text);
/* Reads the model again when a subsystem's file changed since it was read
 * (edited in another window): one change, or none. */
gboolean     sw_model_refresh_subsystems  (SwModel     *model,
                                           GError     **error);
/* Kinds are static tables, except a subsystem's, which is freed with the
 * last reference: every holder of a kind (a component, a widget showing
 * it) takes one. Both do nothing for other kinds. */
const SwKind *sw_kind_ref                 (const SwKind *kind);
void         sw_kind_unref                (const SwKind *kind);
/* The model inside a subsystem kind (kept with the kind), or NULL. */
SwModel     *sw_kind_get_subsystem_model  (const SwKind *kind);
/* The files the model reads besides its own: the files its source read (a
 * Modelica model's table files), its subsystems' files and the ones they
 * use, each once, in the order met (g_strfreev). An output must not
 * replace any of them. */
char       **sw_model_dup_input_files     (SwModel     *model);
/* The inner port ("component.port") a subsystem kind's port is, or NULL. */
const char  *sw_kind_get_subsystem_port_target (const SwKind *kind,
                                                guint         port);

char        *sw_model_dup_fragment        (SwModel      *model,
                                           const guint  *components,
                                           guint         n_components);
GArray      *sw_model_paste_fragment      (SwModel      *model,
                                           const char   *data,
                                           double        dx,
                                           double        dy,
                                           GError      **error);

/* "FILE:LINE:COL: " for a component (or "FILE: " without a location); used
 * by the assembly to prefix its messages. Free with g_free(). */
char        *sw_model_dup_location        (SwModel     *model,
                                           guint        component);

G_END_DECLS
