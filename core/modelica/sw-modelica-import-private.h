/* sw-modelica-import-private.h: what the import of one class
 * (sw-modelica-import.c) and of the models defined inside it
 * (sw-modelica-import-classes.c, subsystems) share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sw-modelica-private.h"
#include "sw-model.h"
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

typedef struct _Import Import;
typedef struct _MoThermal MoThermal;

/* A value: a number (a boolean is 0 or 1), a string or a matrix. */
typedef struct {
  enum { V_NUMBER, V_STRING, V_MATRIX } kind;
  double  number;
  char   *text;
  guint   rows, cols;
  double *cells;          /* rows × cols, row after row */
} Value;

/* One class being turned into a model: the file's model, or a model
 * defined inside it (a subsystem's definition). */
struct _Import {
  const char *file;
  const char *within;     /* the file's within clause, or NULL */
  MoClass    *klass;
  Import     *parent;     /* the class klass is defined in, or NULL */
  GHashTable *params;     /* the class's parameters: name -> Value * */
  GHashTable *elements;   /* component name -> MoElement * */
  SwModel    *model;
  GError     *error;
  GHashTable *defs;       /* the file's: MoClass * -> MoDef *, shared by all */
  GPtrArray  *read_files; /* char *: the table files read, shared by all */
  const char *folder;     /* where relative table files are; NULL: beside file */
  GPtrArray  *instances;  /* MoElement *: components that are models of the file */
  /* In a subsystem's class: */
  GHashTable *own_params; /* its parameters' names (a set): used whole only */
  gboolean    allow_own;  /* evaluating where one may be used */
  GHashTable *bindings;   /* parameter name -> GPtrArray of "component.param" */
  GHashTable *ports;      /* connector name -> the inner "component.port" */
  const char *signal_target; /* "component.input" a block feeds, while followed */
  struct _MoDef *def;     /* the definition being made of it */
  guint       ref_depth;  /* components' parameters followed (J = j2.J) */
  guint       param_depth;/* parameters evaluated where used, before their declaration */
  guint       eval_depth; /* expressions being evaluated, one inside the other */
  struct _MoEvaluating *evaluating; /* the parameters being evaluated (declared_later), innermost first */
  const char *block_output; /* the output ("table.y[2]") of the block being followed */
  MoThermal  *thermal;    /* the heat ports and thermal parts taken out, or NULL */
  GPtrArray  *aliases;    /* char *, in pairs: a Modelica variable ("directInertia.inertia.w")
                           * and the one it became ("directInertia_inertia.w"), or NULL */
};

/* A class of the file made a subsystem definition. */
typedef struct _MoDef {
  char       *name;         /* the definition's name: the class's */
  char       *text;         /* the definition as a model file */
  GHashTable *param_names;  /* Modelica name -> the interface's */
  GHashTable *port_names;   /* connector name -> the interface's */
  gboolean    building;     /* a class that uses itself */
} MoDef;

void     _sw_mo_fail             (Import        *im,
                                  guint          line,
                                  guint          column,
                                  const char    *format,
                                  ...) G_GNUC_PRINTF (4, 5);
/* The class's parameters, components and connections into im->model. */
void     _sw_mo_fill             (Import        *im);
/* sw-modelica-import-experiment.c: the class's experiment annotation as
 * the model's simulation settings. */
void     _sw_mo_import_experiment (Import       *im);
/* sw-modelica-import-conditions.c: conditional components whose
 * condition is false left out, with their connections. */
void     _sw_mo_drop_conditional (Import        *im);
/* Position and rotation of the component index from el's Placement. */
void     _sw_mo_placement        (Import        *im,
                                  const MoElement *el,
                                  guint          index);

/* The kind of a Modelica class of Mechanics (the file's within clause
 * says the domain where the name does not), or NULL. */
const SwKind *_sw_mo_kind_of      (Import        *im,
                                  const char    *type);
/* Whether one of path's dot-separated parts is part. */
gboolean      _sw_mo_has_part     (const char    *path,
                                  const char    *part);

/* error (taken) as the message at line:column. */
void     _sw_mo_fail_with        (Import        *im,
                                  guint          line,
                                  guint          column,
                                  GError        *error);

/* sw-modelica-import-starts.c */
/* m, an attribute modification of a variable (phi(start = 0, fixed =
 * true), w(nominal = 2)), on component index made of el. */
void     _sw_mo_start_attribute  (Import          *im,
                                  const MoElement *el,
                                  guint            index,
                                  const MoMod     *m);
/* A nominal value of variable (phi, or phi_nominal as MSL names it). */
void     _sw_mo_nominal_value    (Import          *im,
                                  const MoElement *el,
                                  guint            index,
                                  const char      *variable,
                                  const MoExpr    *value,
                                  guint            line,
                                  guint            column);

/* sw-modelica-import-loops.c: connect()s in for loops, and with
 * subscripts of the parameters, made plain connect()s in im->klass. */
void     _sw_mo_unroll_loops     (Import        *im);
/* sw-modelica-import-arrays.c */
/* Arrays of components in im->klass (and im->elements) replaced by
 * their elements, connect()s rewritten to them. */
void     _sw_mo_expand_arrays    (Import        *im);
/* Deep copies of the tree's parts. */
MoExpr  *_sw_mo_expr_copy        (const MoExpr  *e);
MoMod   *_sw_mo_mod_copy         (const MoMod   *m);
/* sw-modelica-import-fmu-blocks.c: the MSL examples' input/output blocks
 * (Examples.Utilities.DirectInertia, InverseInertia, DirectMass,
 * InverseMass, Spring, SpringDamper, SpringDamperNoRelativeStates)
 * replaced by their components, connect()s to their connectors rewritten
 * to the inner ports. */
void     _sw_mo_expand_fmu_blocks (Import       *im);
/* sw-modelica-import-adaptors.c: TorqueToAngleAdaptor and
 * AngleToTorqueAdaptor (ForceToPositionAdaptor, PositionToForceAdaptor)
 * wired to each other made a joint of their flanges: the pair and its
 * signal connections dropped, the flanges' connections joined. */
void     _sw_mo_join_adaptors    (Import        *im);

/* sw-modelica-import-thermal.c: heat-port connect()s, the thermal parts
 * (Modelica.Thermal.HeatTransfer) and what feeds them taken out of the
 * class into im->thermal, before the components are added; then, with the
 * components in the model, the algebraic network's temperatures and heat
 * flows as observed variables of the losses. */
void     _sw_mo_take_thermal     (Import        *im);
void     _sw_mo_import_thermal   (Import        *im);
void     _sw_mo_thermal_free     (MoThermal     *th);

/* sw-modelica-import-tables.c */
/* Output output ("combiTimeTable.y[2]", NULL: y[1]) of a CombiTimeTable
 * block as a table signal (JSON), or NULL with im->error. */
JsonNode *_sw_mo_combi_table_signal (Import          *im,
                                     const MoElement *block,
                                     const char      *output);
/* Output output ("table.y[2]", NULL: y[1]) of a Blocks.Tables
 * CombiTable1Ds (CombiTable1D, CombiTable1Dv) as a lookup signal of what
 * feeds its input (JSON), or NULL with im->error; depth: the blocks
 * followed so far. */
JsonNode *_sw_mo_combi_table_1d_signal (Import          *im,
                                        const MoElement *block,
                                        const char      *output,
                                        guint            depth);
/* sw-modelica-import-table-file.c: block's tableName from its fileName
 * (the text format, "#1") into table; FALSE with an error. */
gboolean  _sw_mo_read_table_file (Import          *im,
                                  const MoElement *block,
                                  Value           *table);

/* sw-modelica-import-blocks.c */
/* An Exponentials block's output as a signal made of steps and ExpSines
 * (JSON), or NULL with im->error. */
JsonNode *_sw_mo_exponentials_signal (Import          *im,
                                      const MoElement *block);

/* sw-modelica-eval.c */
/* e's value into out (cleared first), or FALSE with im->error. */
gboolean _sw_mo_eval             (Import        *im,
                                  const MoExpr  *e,
                                  Value         *out);
gboolean _sw_mo_eval_number      (Import        *im,
                                  const MoExpr  *e,
                                  double        *x);
void     _sw_mo_value_clear      (Value         *v);

/* sw-modelica-custom.c: a kind with a formula (a custom coupling) and its
 * modifiers, formula = "text" and its constants. */
gboolean _sw_mo_kind_has_formula (const SwKind  *kind);
void     _sw_mo_custom_coupling  (Import        *im,
                                  const MoElement *el,
                                  guint          index);
/* The last part of a dotted name ("Modelica.Constants.pi" -> "pi"). */
const char *_sw_mo_last_part     (const char    *name);
/* A FreeWheel of the MSL's first draft (tauRes, wRes: over two flanges,
 * w_rel = w_a - w_b, tau = flange_a.tau), imported with its flanges
 * swapped so that its custom coupling's w_rel and tau are the draft's. */
gboolean _sw_mo_free_wheel_swapped (const MoElement *el);

/* sw-modelica-import-classes.c */
/* The class of the file a component's type names (a model defined in
 * this class or one around it), or NULL; *scope (may be NULL): the import
 * of the class it is defined in. */
MoClass *_sw_mo_find_class       (Import        *im,
                                  const char    *type,
                                  Import       **scope);
/* A connector of Modelica.Mechanics (Flange_a, Flange_b, Support). */
gboolean _sw_mo_is_connector     (const MoElement *el);
/* TRUE when value is one of the class's parameters, whole: recorded as
 * setting target ("component.param"); FALSE for anything else. */
gboolean _sw_mo_bind             (Import        *im,
                                  const MoExpr  *value,
                                  const char    *target);
/* The instances of the file's models into im->model, in their places. */
void     _sw_mo_add_instances    (Import        *im);
/* "id.port" of a connect() with an instance's connector names changed to
 * its interface's. */
char    *_sw_mo_port_end         (Import        *im,
                                  const char    *end);
/* A connect() with a connector of the class: its port. TRUE when it was
 * one (handled). */
gboolean _sw_mo_connect_port     (Import        *im,
                                  const MoConnect *c);
/* After the class: its "interface" set on im->model. */
void     _sw_mo_interface        (Import        *im);
void     _sw_mo_def_free         (MoDef         *def);

/* Between sw-modelica-import.c and sw-modelica-import-signals.c. */
void
_sw_mo_import_fail (Import *im, guint line, guint column, const char *format, ...) G_GNUC_PRINTF (4, 5);

char *
_sw_mo_import_snake_case (const char *name);

/* sw-modelica-import-observed.c: the class's variables of a basic type
 * with a binding as observed variables. */
void     _sw_mo_import_observed  (Import     *im);

/* The blocks of Modelica.Blocks.Sources (and Math) that make signals. */
extern const char *const _sw_mo_import_source_blocks[];

gboolean
_sw_mo_import_is_block (const MoElement *el);

const SwComponent *
_sw_mo_import_sensor_of (Import *im, const char *connector);

JsonNode *
_sw_mo_import_input_signal (Import *im, const MoElement *block, const char *input, guint depth);

G_END_DECLS
