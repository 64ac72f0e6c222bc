/* sw-modelica-private.h: the part of Modelica a drivetrain example is
 * written in, parsed into a small tree (sw-modelica-parse.c) that the
 * importer turns into a model (sw-modelica-import.c).
 *
 * One class: `within`, `model|block|class Name "doc"`, `import`,
 * `extends`, component declarations with modifications, `parameter`s with
 * bindings, `equation` with connect() only, annotations (kept as
 * modifications: Placement, experiment), `end Name;`; inside it, classes
 * of the same form (nested models: subsystems). Expressions are
 * numbers, strings, booleans, names, arithmetic, calls with named or
 * positional arguments, {arrays} and [matrices].
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include "sw-kind.h"
#include "sw-expression.h"

G_BEGIN_DECLS

typedef enum {
  MO_NUMBER, MO_STRING, MO_BOOL, MO_NAME, MO_UNARY, MO_BINARY, MO_CALL, MO_ARRAY, MO_MATRIX, MO_IF,
  MO_INDEX,
} MoExprKind;

typedef struct _MoExpr MoExpr;
typedef struct _MoMod MoMod;

struct _MoExpr {
  MoExprKind kind;
  guint      line, column;
  guint      depth;       /* levels of the tree below and with it (1: a leaf) */
  double     number;      /* MO_NUMBER; MO_BOOL: 0 or 1 */
  char      *text;        /* MO_STRING, MO_NAME (dotted), MO_CALL (the function), MO_INDEX (the array) */
  char       op;          /* MO_UNARY '-' '+' '!'; MO_BINARY + - * / ^ < > = (==) l (<=) g (>=) & | */
  MoExpr    *a, *b, *c;   /* operands; MO_IF: condition, then, else */
  GPtrArray *items;       /* MO_ARRAY: MoExpr; MO_MATRIX: rows, each an MO_ARRAY; MO_CALL: positional;
                           * MO_INDEX: the subscripts (one or two) */
  GPtrArray *named;       /* MO_CALL: MoMod (name = value) */
};

/* name [(children)] [= value]; a binding of a component's parameter, an
 * attribute (phi(start = 0, fixed = true)), an annotation's record. */
struct _MoMod {
  char      *name;
  guint      line, column;
  GPtrArray *children;    /* MoMod, or NULL */
  MoExpr    *value;       /* or NULL */
  gboolean   each;        /* "each name = …": the same for every element of an array */
};

typedef struct {
  char      *type;        /* as written: "Rotational.Components.Inertia" */
  char      *name;
  gboolean   parameter;   /* a parameter or constant of the model itself */
  guint      line, column;
  GPtrArray *mods;        /* MoMod: the declaration's modification */
  MoExpr    *value;       /* "= value" after the name, or NULL */
  GPtrArray *annotation;  /* MoMod, or NULL */
  char      *doc;         /* its description string, or NULL */
  MoExpr    *size;        /* an array of components "name[size]", or NULL */
  MoExpr    *size2;       /* its second dimension "name[rows, cols]", or NULL */
  GPtrArray *dims;        /* a parameter's sizes "k[2, :]": MoExpr, NULL for ':'; or NULL */
  MoExpr    *condition;   /* a conditional component's "if condition", or NULL */
} MoElement;

typedef struct {
  char  *a, *b;           /* "inertia1.flange_a", "sine.y" */
  guint  line, column;
} MoConnect;

/* A for loop of the equations, "for var in from:to loop … end for;", and
 * the loop it is in (or NULL). */
typedef struct _MoFor MoFor;
struct _MoFor {
  char   *var;
  MoExpr *from, *to;
  guint   line, column;
  MoFor  *outer;
};

/* A connect() with a subscript that is an expression (a[i + 1].flange_a in
 * a for loop, or a[n] of a parameter): its a and b have "{k}" where
 * subscript k goes, evaluated at import for each index of its loops. */
typedef struct {
  MoConnect  c;
  GPtrArray *subs;        /* MoExpr */
  MoFor     *loop;        /* the innermost loop it is in, or NULL */
} MoLoopConnect;

typedef struct _MoClass MoClass;
struct _MoClass {
  char      *within;      /* or NULL */
  char      *name;
  char      *doc;         /* its description string, or NULL */
  guint      line, column;
  GPtrArray *elements;    /* MoElement */
  GArray    *connects;    /* MoConnect */
  GPtrArray *loops;       /* MoFor: the equations' for loops */
  GPtrArray *loop_connects; /* MoLoopConnect: connect()s with subscripts to evaluate */
  GPtrArray *annotation;  /* MoMod: the class's own, or NULL */
  GPtrArray *classes;     /* MoClass: models defined inside it (subsystems) */
  /* Its import clauses, each as "name=Path.To.Thing" (import name =
   * Path.To.Thing, and import Path.To.Thing as its last part) or
   * "*=Path.To" (import Path.To.*). */
  GPtrArray *imports;
  GHashTable *names;      /* the declarations' names -> MoElement *, or NULL (the parser's) */
  GPtrArray *initial;     /* MoMod "component.variable" = value: initial equations, made starts
                           * with fixed = true when the class is read; or NULL */
};

/* Modelica's start attributes with fixed = true (phi, w_rel) and the
 * initial-value parameters they are (phi0, w_rel_start), both ways. */
typedef struct {
  const char *variable, *param;
} MoStart;

/* sw-modelica-classes.c: the kinds the MSL has (kind, its package:
 * "Components", "Sources", "Sensors") and our signal types' blocks of
 * Modelica.Blocks.Sources. */
typedef struct {
  const char *kind, *package;
} MoMslClass;
typedef struct {
  const char *type, *block;
} MoMslBlock;

extern const MoMslClass _sw_mo_msl_classes[];
extern const guint      _sw_mo_n_msl_classes;
extern const MoMslBlock _sw_mo_msl_blocks[];
extern const guint      _sw_mo_n_msl_blocks;

/* Modelica.Blocks.Types.Smoothness by a table signal's interpolation,
 * NULL-terminated: the import reads them, the export writes them. */
typedef struct {
  const char *interpolation, *smoothness;
} MoSmoothness;
extern const MoSmoothness _sw_mo_smoothness[];

/* The class a kind is written as: the MSL's, or one of a package
 * Shaftwork of the same shape ("Modelica.Mechanics.Rotational.Components.
 * Inertia", "Shaftwork.Rotational.GearPair"). */
char *_sw_mo_class_of (const SwKind *kind);

/* sw-modelica-export.c: the shortest decimal that reads back as x; text
 * as a Modelica string literal. */
void _sw_mo_export_number (GString *s, double x);
void _sw_mo_export_quoted (GString *s, const char *text);

/* sw-modelica-custom.c: a custom coupling's formula parameter name as
 * modifiers, name="formula" and one per constant. */
void _sw_mo_custom_coupling_mods (GPtrArray          *mods,
                                  const char         *name,
                                  const SwExpression *law);

extern const MoStart _sw_mo_starts[];
extern const guint   _sw_mo_n_starts;

/* The parameter a source's Modelica input is (Move's u[1] is phi). */
const char *_sw_mo_input_param (const SwKind *kind, const char *input);

/* The class in data, or NULL with an error "NAME:LINE:COL: error: ..."
 * (SW_ERROR_PARSE). */
MoClass *_sw_mo_parse      (const char  *data,
                            gsize        length,
                            const char  *display_name,
                            GError     **error);
void     _sw_mo_class_free (MoClass     *klass);

/* The class at "at" (its first token, on line that starts at line_start)
 * parsed alone; an import clause at "at" read into klass's imports
 * (sw-modelica-package.c's packages' clauses). */
MoClass *_sw_mo_parse_class_at  (const char  *data,
                                 gsize        length,
                                 const char  *display_name,
                                 const char  *at,
                                 guint        line,
                                 const char  *line_start,
                                 GError     **error);
gboolean _sw_mo_parse_import_at (const char  *data,
                                 gsize        length,
                                 const char  *display_name,
                                 const char  *at,
                                 guint        line,
                                 const char  *line_start,
                                 MoClass     *klass,
                                 GError     **error);

/* sw-modelica-package.c: the model model_name of a file of several (a
 * package of examples, several models), parsed within its packages; a
 * file of one model as _sw_mo_parse() reads it. model_name NULL: the
 * file's one model, or its one example (extends Modelica.Icons.Example,
 * or has an experiment); else an error listing the choices. */
MoClass *_sw_mo_parse_model     (const char  *data,
                                 gsize        length,
                                 const char  *display_name,
                                 const char  *model_name,
                                 GError     **error);

/* The runnable models of a file (models, blocks, classes not partial
 * inside packages only), as paths from its top; NULL where the file
 * cannot be followed. */
char   **_sw_mo_list_models     (const char  *data,
                                 gsize        length);

/* A package.mo of the MSL 4 layout (Examples/package.mo) holds no model:
 * its models are files of its folder. The file of model_name there
 * (Examples/First.mo for First or Examples.First), or NULL with an error
 * listing them (package.order's, else the folder's); NULL without one
 * where path is not such a package.mo. */
char    *_sw_mo_folder_model    (const char  *path,
                                 const char  *display_name,
                                 const char  *data,
                                 gsize        length,
                                 const char  *model_name,
                                 GError     **error);

/* The names of those files (package.order's, else the folder's), or
 * NULL where path is not such a package.mo. */
char   **_sw_mo_folder_models   (const char  *path,
                                 const char  *data,
                                 gsize        length);

/* The modification called name among mods (NULL: none). */
MoMod   *_sw_mo_find       (GPtrArray   *mods,
                            const char  *name);

/* The tree's parts made and freed outside the parser (an array of
 * components expanded into its elements, sw-modelica-import-arrays.c):
 * an array of MoMod that frees them. */
GPtrArray *_sw_mo_mods_new    (void);
void       _sw_mo_element_free (MoElement      *el);
void       _sw_mo_expr_free   (MoExpr          *e);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MoClass, _sw_mo_class_free)

/* Real, Integer, Boolean, String, SI.* and the other units' types
 * (sw-modelica-import-observed.c). */
gboolean _sw_mo_is_basic_type (const char *type);

/* A message formatted, cut past 4 kB (sw-modelica-tokens.c). */
char    *_sw_mo_dup_message (const char *format, va_list args) G_GNUC_PRINTF (1, 0);

G_END_DECLS
