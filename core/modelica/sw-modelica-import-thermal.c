/* sw-modelica-import-thermal.c: heat ports and Modelica.Thermal.HeatTransfer
 * parts (the MSL's HeatLosses examples).
 *
 * No mechanical part here depends on a temperature, so the mechanics are
 * exact without the thermal network. The network is taken out of the class
 * before the components are added (heat-port connect()s, the thermal parts,
 * a Constant wired to a Convection's Gc) and, where it is algebraic (no heat
 * capacity), solved once: every node's temperature and every conductor's
 * heat flow is then a linear function of the lossPower of the heat ports
 * joined to the nodes. Those functions become observed variables:
 * convection_solid_T = 298.15 + 0.05*(damper.lossPower + …) (K),
 * convection_Q_flow = damper.lossPower + … (W). A network with a heat
 * capacity, or a class this import does not know, is an error at its line
 * naming what is supported.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-modelica-import-private.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <gsl/gsl_linalg.h>

#include "sw-error.h"
#include "sw-number.h"

typedef enum { T_CONDUCTOR, T_FIXED_T, T_FIXED_Q, T_CAPACITOR } ThermalRole;

typedef struct {
  MoElement  *el;          /* taken out of the class: owned here */
  ThermalRole role;
  const char *ports[2];    /* "solid", "fluid"; "port" */
  double      value;       /* G (W/K), T (K), Q_flow (W), C (J/K) */
  gboolean    gc_input;    /* a Convection: G comes through Gc */
  gboolean    has_value;
} ThermalPart;

struct _MoThermal {
  GPtrArray *parts;        /* ThermalPart */
  GArray    *connects;     /* MoConnect: the heat-port connect()s, owned */
  GPtrArray *heat_ports;   /* char *: "damper", mechanical parts with a heat port used */
};

static void
thermal_part_free (ThermalPart *p)
{
  _sw_mo_element_free (p->el);
  g_free (p);
}

void
_sw_mo_thermal_free (MoThermal *th)
{
  if (th == NULL)
    return;
  for (guint k = 0; k < th->connects->len; k++)
    {
      g_free (g_array_index (th->connects, MoConnect, k).a);
      g_free (g_array_index (th->connects, MoConnect, k).b);
    }
  g_array_unref (th->connects);
  g_ptr_array_unref (th->parts);
  g_ptr_array_unref (th->heat_ports);
  g_free (th);
}

static gboolean
is_thermal (const MoElement *el)
{
  return !el->parameter && el->type != NULL && _sw_mo_has_part (el->type, "HeatTransfer");
}

static ThermalPart *
find_part (MoThermal *th, const char *name)
{
  for (guint k = 0; k < th->parts->len; k++)
    {
      ThermalPart *p = g_ptr_array_index (th->parts, k);

      if (strcmp (p->el->name, name) == 0)
        return p;
    }
  return NULL;
}

static MoElement *
find_element (Import *im, const char *name)
{
  for (guint k = 0; k < im->klass->elements->len; k++)
    {
      MoElement *el = g_ptr_array_index (im->klass->elements, k);

      if (el->name != NULL && strcmp (el->name, name) == 0)
        return el;
    }
  return NULL;
}

/* A number modifier of el (default: NAN when absent). */
static gboolean
number (Import *im, const MoElement *el, const char *name, double fallback, double *x)
{
  MoMod *m = _sw_mo_find (el->mods, name);

  *x = fallback;
  if (m == NULL)
    return TRUE;
  if (m->value == NULL)
    {
      _sw_mo_import_fail (im, m->line, m->column, _("%s.%s needs a value"), el->name, name);
      return FALSE;
    }
  return _sw_mo_eval_number (im, m->value, x);
}

/* el's role and parameters; FALSE with an error for a class not supported
 * or a modifier not understood. */
static gboolean
describe (Import *im, ThermalPart *p)
{
  const MoElement *el = p->el;
  const char *last = _sw_mo_last_part (el->type);
  static const char *const known[] = { "T", "G", "R", "Q_flow", "T_ref", "alpha", "C", NULL };
  double alpha = 0;

  for (guint k = 0; el->mods != NULL && k < el->mods->len; k++)
    {
      const MoMod *m = g_ptr_array_index (el->mods, k);

      /* T(fixed = true) of a capacitor: its start, read below. */
      if (!g_strv_contains (known, m->name))
        {
          _sw_mo_import_fail (im, m->line, m->column, _("%s (%s): the modifier %s is not supported here"), el->name,
                              el->type, m->name);
          return FALSE;
        }
    }
  if (strcmp (last, "Convection") == 0)
    {
      p->role = T_CONDUCTOR;
      p->ports[0] = "solid";
      p->ports[1] = "fluid";
      p->gc_input = TRUE;
      return TRUE;
    }
  if (strcmp (last, "ThermalConductor") == 0 || strcmp (last, "ThermalResistor") == 0)
    {
      gboolean resistor = last[7] == 'R';

      p->role = T_CONDUCTOR;
      p->ports[0] = "port_a";
      p->ports[1] = "port_b";
      if (!number (im, el, resistor ? "R" : "G", NAN, &p->value))
        return FALSE;
      if (!(p->value > 0) || !isfinite (p->value))
        {
          _sw_mo_import_fail (im, el->line, el->column, _("%s: %s must be a number > 0"), el->name, resistor ? "R" : "G");
          return FALSE;
        }
      if (resistor)
        p->value = 1 / p->value;
      p->has_value = TRUE;
      return TRUE;
    }
  if (strcmp (last, "FixedTemperature") == 0)
    {
      p->role = T_FIXED_T;
      p->ports[0] = "port";
      if (!number (im, el, "T", NAN, &p->value))
        return FALSE;
      if (_sw_mo_has_part (el->type, "Celsius"))
        p->value += 273.15;
      else if (_sw_mo_has_part (el->type, "Fahrenheit") || _sw_mo_has_part (el->type, "Rankine"))
        {
          _sw_mo_import_fail (im, el->line, el->column, _("%s (%s) is not supported; valid: Sources.FixedTemperature "
                                                          "(K) or Celsius.FixedTemperature"), el->name, el->type);
          return FALSE;
        }
      if (!isfinite (p->value) || p->value < 0)
        {
          _sw_mo_import_fail (im, el->line, el->column, _("%s: T must be given, a temperature of at least 0 K"), el->name);
          return FALSE;
        }
      p->has_value = TRUE;
      return TRUE;
    }
  if (strcmp (last, "FixedHeatFlow") == 0)
    {
      p->role = T_FIXED_Q;
      p->ports[0] = "port";
      if (!number (im, el, "Q_flow", NAN, &p->value) || !number (im, el, "alpha", 0, &alpha))
        return FALSE;
      if (!isfinite (p->value) || alpha != 0)
        {
          _sw_mo_import_fail (im, el->line, el->column, _("%s: Q_flow must be given and alpha be 0 (a heat flow that does "
                                                          "not depend on the temperature)"), el->name);
          return FALSE;
        }
      p->has_value = TRUE;
      return TRUE;
    }
  if (strcmp (last, "HeatCapacitor") == 0)
    {
      p->role = T_CAPACITOR;
      p->ports[0] = "port";
      return number (im, el, "C", NAN, &p->value);
    }
  _sw_mo_import_fail (im, el->line, el->column,
                      _("%s (%s) is not supported; supported of Modelica.Thermal.HeatTransfer: Convection (Gc from a "
                        "Constant), ThermalConductor, ThermalResistor, FixedTemperature (K or Celsius), FixedHeatFlow"),
                      el->name, el->type);
  return FALSE;
}

/* "x.heatPort" of a mechanical part: x. */
static char *
heat_port_owner (const char *end)
{
  const char *dot = strchr (end, '.');

  if (dot == NULL || strcmp (dot + 1, "heatPort") != 0)
    return NULL;
  return g_strndup (end, (gsize) (dot - end));
}

/* Whether component el switches its heat port on (useHeatPort = true). */
static gboolean
uses_heat_port (Import *im, const MoElement *el)
{
  MoMod *m = _sw_mo_find (el->mods, "useHeatPort");
  double on = 0;

  return m != NULL && m->value != NULL && _sw_mo_eval_number (im, m->value, &on) && on != 0;
}

void
_sw_mo_take_thermal (Import *im)
{
  MoThermal *th;
  GArray *connects = im->klass->connects;
  gboolean any = FALSE;

  for (guint k = 0; k < im->klass->elements->len && !any; k++)
    any = is_thermal (g_ptr_array_index (im->klass->elements, k));
  for (guint c = 0; c < connects->len && !any; c++)
    {
      g_autofree char *a = heat_port_owner (g_array_index (connects, MoConnect, c).a);
      g_autofree char *b = heat_port_owner (g_array_index (connects, MoConnect, c).b);

      any = a != NULL || b != NULL;
    }
  if (!any)
    return;
  if (im->parent != NULL)
    {
      _sw_mo_import_fail (im, 1, 1, _("heat ports and thermal parts are supported in the file's model, not in a model "
                                      "used as a component"));
      return;
    }
  th = g_new0 (MoThermal, 1);
  th->parts = g_ptr_array_new_with_free_func ((GDestroyNotify) thermal_part_free);
  th->connects = g_array_new (FALSE, FALSE, sizeof (MoConnect));
  th->heat_ports = g_ptr_array_new_with_free_func (g_free);
  im->thermal = th;
  for (guint k = im->klass->elements->len; k-- > 0;)
    {
      MoElement *el = g_ptr_array_index (im->klass->elements, k);
      ThermalPart *p;

      if (!is_thermal (el))
        continue;
      p = g_new0 (ThermalPart, 1);
      p->el = g_ptr_array_steal_index (im->klass->elements, k);
      if (im->klass->names != NULL)
        g_hash_table_remove (im->klass->names, el->name);
      g_ptr_array_insert (th->parts, 0, p);
    }
  for (guint k = 0; k < th->parts->len && im->error == NULL; k++)
    describe (im, g_ptr_array_index (th->parts, k));
  for (guint k = connects->len; k-- > 0 && im->error == NULL;)
    {
      MoConnect c = g_array_index (connects, MoConnect, k);
      g_autofree char *id_a = g_strndup (c.a, strcspn (c.a, ".")), *id_b = g_strndup (c.b, strcspn (c.b, "."));
      char *owners[2] = { heat_port_owner (c.a), heat_port_owner (c.b) };
      ThermalPart *pa = find_part (th, id_a), *pb = find_part (th, id_b);
      gboolean taken = pa != NULL || pb != NULL || owners[0] != NULL || owners[1] != NULL;

      for (guint e = 0; e < 2; e++)
        if (owners[e] != NULL)
          {
            const MoElement *el = find_element (im, owners[e]);

            if (el == NULL || !uses_heat_port (im, el))
              _sw_mo_import_fail (im, c.line, c.column, _("connect (%s, %s): %s has no heat port; set useHeatPort = true "
                                                          "on it"), c.a, c.b, owners[e]);
            /* In the file's order (the connect()s are walked backwards). */
            else if (!g_ptr_array_find_with_equal_func (th->heat_ports, owners[e], g_str_equal, NULL))
              g_ptr_array_insert (th->heat_ports, 0, g_steal_pointer (&owners[e]));
            g_free (owners[e]);
          }
      if (!taken)
        continue;
      /* A Constant into a Convection's Gc: its conductance. */
      for (guint e = 0; e < 2 && im->error == NULL; e++)
        {
          ThermalPart *p = e == 0 ? pa : pb;
          const char *end = e == 0 ? c.a : c.b, *other = e == 0 ? c.b : c.a;
          g_autofree char *block_id = g_strndup (other, strcspn (other, "."));
          const MoElement *block = find_element (im, block_id);

          if (p == NULL || !g_str_has_suffix (end, ".Gc"))
            continue;
          if (block == NULL || strcmp (_sw_mo_last_part (block->type), "Constant") != 0
              || !number (im, block, "k", NAN, &p->value) || !(p->value > 0) || !isfinite (p->value))
            {
              if (im->error == NULL)
                _sw_mo_import_fail (im, c.line, c.column, _("connect (%s, %s): %s.Gc is supported from a "
                                                            "Blocks.Sources.Constant of k > 0 only"), c.a, c.b, p->el->name);
              break;
            }
          p->has_value = TRUE;
        }
      g_array_append_val (th->connects, c);
      g_array_remove_index (connects, k);
    }
}

/* ---- Solving the network ------------------------------------------------ */

typedef struct {
  GHashTable *index;       /* "convection.solid" -> node + 1 */
  GArray     *parent;      /* guint: union-find */
} Nodes;

static guint
node_of (Nodes *n, const char *end)
{
  guint k = GPOINTER_TO_UINT (g_hash_table_lookup (n->index, end));

  if (k == 0)
    {
      k = n->parent->len;
      g_array_append_val (n->parent, k);
      g_hash_table_insert (n->index, g_strdup (end), GUINT_TO_POINTER (k + 1));
      return k;
    }
  return k - 1;
}

static guint
root (Nodes *n, guint k)
{
  while (g_array_index (n->parent, guint, k) != k)
    k = g_array_index (n->parent, guint, k);
  return k;
}

/* A linear form c + sum_m coef[m] S_m over the free nodes' injections. */
static void
append_form (GString *out, double constant, const double *coef, guint n_free, GString *const *injection)
{
  char buf[SW_NUMBER_BUF_SIZE];
  gboolean first = TRUE;

  if (constant != 0)
    {
      g_string_append (out, sw_format_number (buf, constant));
      first = FALSE;
    }
  for (guint m = 0; m < n_free; m++)
    {
      double c = coef[m];

      if (c == 0 || injection[m]->len == 0)
        continue;
      if (!first)
        g_string_append (out, c < 0 ? " - " : " + ");
      else if (c < 0)
        g_string_append_c (out, '-');
      first = FALSE;
      if (fabs (c) != 1)
        g_string_append_printf (out, "%s*", sw_format_number (buf, fabs (c)));
      g_string_append_printf (out, "(%s)", injection[m]->str);
    }
  if (first)
    g_string_append_c (out, '0');
}

static gboolean
add_observed (Import *im, const MoElement *el, const char *name, const char *unit, const char *text)
{
  GError *error = NULL;

  if (!sw_model_add_observed (im->model, name, text, unit, &error))
    {
      _sw_mo_fail_with (im, el->line, el->column, error);
      return FALSE;
    }
  return TRUE;
}


/* The eddy current brakes (their law depends on the temperature). */
static gboolean
is_eddy (const SwKind *kind)
{
  return g_str_has_suffix (kind->name, ".eddy_current_torque") || g_str_has_suffix (kind->name, ".eddy_current_force");
}

/* A HeatCapacitor's start temperature: T(start = …), else the MSL's
 * 293.15 K (its fixed = false would leave it a guess a tool keeps). */
static gboolean
capacitor_start (Import *im, const ThermalPart *p, double *t0)
{
  MoMod *m = _sw_mo_find (p->el->mods, "T");
  MoMod *start = m != NULL ? _sw_mo_find (m->children, "start") : NULL;

  *t0 = 293.15;
  if (m != NULL && m->value != NULL)
    {
      _sw_mo_import_fail (im, m->line, m->column, _("%s.T is its state: give T(start = …, fixed = true)"), p->el->name);
      return FALSE;
    }
  if (start == NULL)
    return TRUE;
  if (start->value == NULL || !_sw_mo_eval_number (im, start->value, t0))
    return FALSE;
  if (!(*t0 > 0) || !isfinite (*t0))
    {
      _sw_mo_import_fail (im, start->line, start->column, _("%s: T(start) must be a temperature > 0 K"), p->el->name);
      return FALSE;
    }
  return TRUE;
}

/* A HeatCapacitor whose port meets one eddy current brake's heat port and
 * nothing else (the MSL's EddyCurrentBrake: adiabatic) is that brake's own
 * thermal mass (its C and T_start): both taken out of the network. */
static void
thermal_masses (Import *im, MoThermal *th, Nodes *nodes)
{
  for (guint k = th->parts->len; k-- > 0 && im->error == NULL;)
    {
      ThermalPart *p = g_ptr_array_index (th->parts, k);
      g_autofree char *end = NULL;
      guint r, members = 0, brakes = 0, which = 0;
      GHashTableIter it;
      gpointer key, value;
      double t0;
      int index;

      if (p->role != T_CAPACITOR)
        continue;
      end = g_strdup_printf ("%s.port", p->el->name);
      r = root (nodes, node_of (nodes, end));
      g_hash_table_iter_init (&it, nodes->index);
      while (g_hash_table_iter_next (&it, &key, &value))
        if (root (nodes, GPOINTER_TO_UINT (value) - 1) == r)
          members++;
      for (guint h = 0; h < th->heat_ports->len; h++)
        {
          g_autofree char *port = g_strdup_printf ("%s.heatPort", (const char *) th->heat_ports->pdata[h]);

          if (g_hash_table_contains (nodes->index, port) && root (nodes, node_of (nodes, port)) == r)
            brakes++, which = h;
        }
      if (members != 2 || brakes != 1)
        continue;
      index = sw_model_find_component (im->model, th->heat_ports->pdata[which]);
      if (index < 0 || !is_eddy (sw_model_get_component (im->model, (guint) index)->kind))
        continue;
      if (!(p->value > 0) || !isfinite (p->value))
        {
          _sw_mo_import_fail (im, p->el->line, p->el->column, _("%s: C must be a heat capacity > 0 J/K"), p->el->name);
          return;
        }
      if (capacitor_start (im, p, &t0))
        {
          const char *names[] = { "C", "T_start" };
          double values[] = { p->value, t0 };
          GError *error = NULL;

          if (!sw_model_set_params (im->model, (guint) index, 2, names, values, &error))
            _sw_mo_fail_with (im, p->el->line, p->el->column, error);
          else
            {
              /* The capacitor's temperature under its own name, as the
               * MSL's examples compare it. */
              g_autofree char *name = g_strdup_printf ("%s.T", p->el->name);
              g_autofree char *text = g_strdup_printf ("%s.TheatPort", (const char *) th->heat_ports->pdata[which]);

              add_observed (im, p->el, name, "K", text);
            }
        }
      g_ptr_array_remove_index (th->heat_ports, which);
      g_ptr_array_remove_index (th->parts, k);
    }
}

void
_sw_mo_import_thermal (Import *im)
{
  MoThermal *th = im->thermal;
  Nodes nodes;
  g_autofree int *fixed_part = NULL;      /* per root: the FixedTemperature, or -1 */
  g_autofree int *free_index = NULL;      /* per node: index among free roots, or -1 */
  g_autofree char **label = NULL;         /* per root: "convection_solid" */
  GString **injection = NULL;
  gsl_matrix *L = NULL;
  gsl_vector *q = NULL;
  gsl_permutation *perm = NULL;
  g_autofree double *inverse = NULL, *form = NULL;
  g_autofree double *t_const = NULL;
  guint n_nodes, n_free = 0;
  int signum;

  if (th == NULL || im->error != NULL)
    return;
  nodes.index = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  nodes.parent = g_array_new (FALSE, FALSE, sizeof (guint));
  /* Every part's ports are nodes, joined by the connect()s. */
  for (guint k = 0; k < th->parts->len; k++)
    {
      ThermalPart *p = g_ptr_array_index (th->parts, k);

      for (guint e = 0; e < 2 && p->ports[e] != NULL; e++)
        {
          g_autofree char *end = g_strdup_printf ("%s.%s", p->el->name, p->ports[e]);

          node_of (&nodes, end);
        }
    }
  for (guint k = 0; k < th->connects->len; k++)
    {
      const MoConnect *c = &g_array_index (th->connects, MoConnect, k);
      guint a, b;

      if (g_str_has_suffix (c->a, ".Gc") || g_str_has_suffix (c->b, ".Gc"))
        continue;
      a = root (&nodes, node_of (&nodes, c->a));
      b = root (&nodes, node_of (&nodes, c->b));
      if (a != b)
        g_array_index (nodes.parent, guint, MAX (a, b)) = MIN (a, b);
    }
  thermal_masses (im, th, &nodes);
  n_nodes = nodes.parent->len;
  if (im->error != NULL || th->parts->len == 0)
    {
      g_hash_table_unref (nodes.index);
      g_array_unref (nodes.parent);
      return;
    }
  fixed_part = g_new (int, n_nodes);
  free_index = g_new (int, n_nodes);
  label = g_new0 (char *, n_nodes + 1);
  for (guint k = 0; k < n_nodes; k++)
    fixed_part[k] = -1, free_index[k] = -1;
  /* Labels: the first end named in each node (parts first). */
  {
    for (guint k = 0; k < th->parts->len; k++)
      {
        ThermalPart *p = g_ptr_array_index (th->parts, k);

        for (guint e = 0; e < 2 && p->ports[e] != NULL; e++)
          {
            g_autofree char *end = g_strdup_printf ("%s.%s", p->el->name, p->ports[e]);
            guint r = root (&nodes, node_of (&nodes, end));

            if (label[r] == NULL)
              label[r] = g_strdelimit (g_strdup (end), ".", '_');
          }
      }
    for (guint k = 0; k < th->heat_ports->len; k++)
      {
        g_autofree char *end = g_strdup_printf ("%s.heatPort", (const char *) th->heat_ports->pdata[k]);
        guint r = root (&nodes, node_of (&nodes, end));

        if (label[r] == NULL)
          label[r] = g_strdelimit (g_strdup (end), ".", '_');
      }
  }
  for (guint k = 0; k < th->parts->len && im->error == NULL; k++)
    {
      ThermalPart *p = g_ptr_array_index (th->parts, k);
      g_autofree char *end = g_strdup_printf ("%s.%s", p->el->name, p->ports[0]);
      guint r = root (&nodes, node_of (&nodes, end));

      if (p->role == T_CAPACITOR)
        _sw_mo_import_fail (im, p->el->line, p->el->column,
                            _("%s (%s): a heat capacity makes the thermal network dynamic, which this import does not "
                              "simulate (the mechanics do not depend on it); supported: networks of conductors, fixed "
                              "temperatures and fixed heat flows, whose values become observed variables"),
                            p->el->name, p->el->type);
      else if (p->role == T_CONDUCTOR && !p->has_value)
        _sw_mo_import_fail (im, p->el->line, p->el->column, _("%s: its Gc is not connected; connect a "
                                                              "Blocks.Sources.Constant to it"), p->el->name);
      else if (p->role == T_FIXED_T && fixed_part[r] >= 0)
        _sw_mo_import_fail (im, p->el->line, p->el->column, _("%s: two fixed temperatures joined in one node"),
                            p->el->name);
      else if (p->role == T_FIXED_T)
        fixed_part[r] = (int) k;
    }
  /* Each heat port is a part of the model with a loss. */
  for (guint k = 0; k < th->heat_ports->len && im->error == NULL; k++)
    {
      const char *id = th->heat_ports->pdata[k];
      int index = sw_model_find_component (im->model, id);
      const MoElement *el = find_element (im, id);

      if (index < 0 || sw_kind_find_var (sw_model_get_component (im->model, (guint) index)->kind, "lossPower") < 0)
        _sw_mo_import_fail (im, el != NULL ? el->line : 1, el != NULL ? el->column : 1,
                            _("%s.heatPort: the component gives no lossPower here, so its heat is not known"), id);
      /* Its law depends on the temperature of its heat port, which the
       * network's, solved after the mechanics, cannot give. */
      else if (is_eddy (sw_model_get_component (im->model, (guint) index)->kind))
        _sw_mo_import_fail (im, el != NULL ? el->line : 1, el != NULL ? el->column : 1,
                            _("%s.heatPort: an eddy current brake's torque depends on its temperature; supported: its "
                              "heat port joined to one HeatCapacitor alone (its thermal mass), or no heat port"), id);
    }
  if (im->error != NULL)
    goto out;
  for (guint k = 0; k < n_nodes; k++)
    if (root (&nodes, k) == k && fixed_part[k] < 0 && label[k] != NULL)
      free_index[k] = (int) n_free++;
  /* Nodal equations of the free nodes: sum_j G (T_i - T_j) = injection_i. */
  injection = g_new0 (GString *, MAX (n_free, 1));
  t_const = g_new0 (double, MAX (n_free, 1));
  for (guint m = 0; m < n_free; m++)
    injection[m] = g_string_new (NULL);
  if (n_free > 0)
    {
      L = gsl_matrix_calloc (n_free, n_free);
      q = gsl_vector_calloc (n_free);
    }
  for (guint k = 0; k < th->parts->len; k++)
    {
      ThermalPart *p = g_ptr_array_index (th->parts, k);
      g_autofree char *a_end = g_strdup_printf ("%s.%s", p->el->name, p->ports[0]);
      guint a = root (&nodes, node_of (&nodes, a_end));
      int fa = free_index[a];

      if (p->role == T_FIXED_Q && fa >= 0)
        gsl_vector_set (q, (guint) fa, gsl_vector_get (q, (guint) fa) + p->value);
      if (p->role == T_CONDUCTOR)
        {
          g_autofree char *b_end = g_strdup_printf ("%s.%s", p->el->name, p->ports[1]);
          guint b = root (&nodes, node_of (&nodes, b_end));
          int fb = free_index[b];
          double G = p->value;

          if (fa >= 0)
            {
              gsl_matrix_set (L, (guint) fa, (guint) fa, gsl_matrix_get (L, (guint) fa, (guint) fa) + G);
              if (fb >= 0)
                gsl_matrix_set (L, (guint) fa, (guint) fb, gsl_matrix_get (L, (guint) fa, (guint) fb) - G);
              else
                gsl_vector_set (q, (guint) fa, gsl_vector_get (q, (guint) fa)
                                + G * ((ThermalPart *) g_ptr_array_index (th->parts, (guint) fixed_part[b]))->value);
            }
          if (fb >= 0)
            {
              gsl_matrix_set (L, (guint) fb, (guint) fb, gsl_matrix_get (L, (guint) fb, (guint) fb) + G);
              if (fa >= 0)
                gsl_matrix_set (L, (guint) fb, (guint) fa, gsl_matrix_get (L, (guint) fb, (guint) fa) - G);
              else
                gsl_vector_set (q, (guint) fb, gsl_vector_get (q, (guint) fb)
                                + G * ((ThermalPart *) g_ptr_array_index (th->parts, (guint) fixed_part[a]))->value);
            }
        }
    }
  for (guint k = 0; k < th->heat_ports->len; k++)
    {
      g_autofree char *end = g_strdup_printf ("%s.heatPort", (const char *) th->heat_ports->pdata[k]);
      guint r = root (&nodes, node_of (&nodes, end));
      int f = free_index[r];

      /* A heat port at a fixed temperature: its heat leaves there. */
      if (f < 0)
        continue;
      g_string_append_printf (injection[f], "%s%s.lossPower", injection[f]->len > 0 ? " + " : "",
                              (const char *) th->heat_ports->pdata[k]);
    }
  /* The inverse of the conductance matrix: each free node's temperature
   * per unit of heat injected anywhere. A node no conductor joins to a
   * fixed temperature has no steady state. */
  inverse = g_new0 (double, MAX (n_free * n_free, 1));
  if (n_free > 0)
    {
      gsl_matrix *inv = gsl_matrix_alloc (n_free, n_free);
      double diag = 0, det;

      for (guint m = 0; m < n_free; m++)
        diag = MAX (diag, gsl_matrix_get (L, m, m));
      perm = gsl_permutation_alloc (n_free);
      gsl_linalg_LU_decomp (L, perm, &signum);
      det = 1;
      for (guint m = 0; m < n_free; m++)
        det = MIN (det, fabs (gsl_matrix_get (L, m, m)) / MAX (diag, 1e-300));
      if (!(det > 1e-12) || gsl_linalg_LU_invert (L, perm, inv) != GSL_SUCCESS)
        {
          const ThermalPart *p0 = th->parts->len > 0 ? g_ptr_array_index (th->parts, 0) : NULL;

          for (guint k = 0; k < n_nodes && label != NULL; k++)
            if (free_index[k] >= 0 && (p0 == NULL || det <= 1e-12))
              {
                _sw_mo_import_fail (im, p0 != NULL ? p0->el->line : 1, p0 != NULL ? p0->el->column : 1,
                                    _("the thermal node of %s is joined to no fixed temperature: without a heat "
                                      "capacity its temperature has no value; join it through a conductor to a "
                                      "FixedTemperature"), label[k]);
                break;
              }
          gsl_matrix_free (inv);
          goto out;
        }
      for (guint i = 0; i < n_free; i++)
        for (guint j = 0; j < n_free; j++)
          inverse[i * n_free + j] = gsl_matrix_get (inv, i, j);
      gsl_matrix_free (inv);
      for (guint i = 0; i < n_free; i++)
        for (guint j = 0; j < n_free; j++)
          t_const[i] += inverse[i * n_free + j] * gsl_vector_get (q, j);
      /* Round-off of (1/G) (G T) is not a temperature: a node at a fixed
       * temperature's, within it, is at that one. */
      for (guint i = 0; i < n_free; i++)
        for (guint k = 0; k < th->parts->len; k++)
          {
            const ThermalPart *p = g_ptr_array_index (th->parts, k);

            if (p->role == T_FIXED_T && fabs (t_const[i] - p->value) <= 1e-14 * p->value)
              t_const[i] = p->value;
          }
    }
  /* Observed variables: each free node's temperature, each conductor's
   * heat flow from its first port to its second. */
  form = g_new0 (double, MAX (n_free, 1));
  for (guint k = 0; k < n_nodes && im->error == NULL; k++)
    {
      int f = free_index[k];
      g_autoptr (GString) text = g_string_new (NULL);
      g_autofree char *name = NULL;
      const ThermalPart *p0;

      if (f < 0)
        continue;
      p0 = g_ptr_array_index (th->parts, 0);
      name = g_strdup_printf ("%s_T", label[k]);
      append_form (text, t_const[f], inverse + (guint) f * n_free, n_free, injection);
      add_observed (im, p0->el, name, "K", text->str);
    }
  for (guint k = 0; k < th->parts->len && im->error == NULL; k++)
    {
      ThermalPart *p = g_ptr_array_index (th->parts, k);
      g_autofree char *a_end = NULL, *b_end = NULL, *name = NULL;
      g_autoptr (GString) text = g_string_new (NULL);
      double constant = 0, scale = 0;
      int ends[2];

      if (p->role != T_CONDUCTOR)
        continue;
      a_end = g_strdup_printf ("%s.%s", p->el->name, p->ports[0]);
      b_end = g_strdup_printf ("%s.%s", p->el->name, p->ports[1]);
      ends[0] = (int) root (&nodes, node_of (&nodes, a_end));
      ends[1] = (int) root (&nodes, node_of (&nodes, b_end));
      memset (form, 0, sizeof (double) * MAX (n_free, 1));
      for (guint e = 0; e < 2; e++)
        {
          double sign = e == 0 ? p->value : -p->value;
          int f = free_index[ends[e]];

          if (f < 0)
            constant += sign * ((ThermalPart *) g_ptr_array_index (th->parts, (guint) fixed_part[ends[e]]))->value;
          else
            {
              constant += sign * t_const[f];
              scale += fabs (sign * t_const[f]);
              for (guint m = 0; m < n_free; m++)
                form[m] += sign * inverse[(guint) f * n_free + m];
            }
        }
      /* Round-off of G (1/G) is not a heat flow: 20 * 0.05 is 1. */
      for (guint m = 0; m < n_free; m++)
        if (fabs (form[m] - 1) < 1e-12)
          form[m] = 1;
        else if (fabs (form[m] + 1) < 1e-12)
          form[m] = -1;
        else if (fabs (form[m]) < 1e-12)
          form[m] = 0;
      if (fabs (constant) < 1e-12 * scale)
        constant = 0;
      name = g_strdup_printf ("%s_Q_flow", p->el->name);
      append_form (text, constant, form, n_free, injection);
      add_observed (im, p->el, name, "W", text->str);
    }
out:
  for (guint m = 0; injection != NULL && m < n_free; m++)
    g_string_free (injection[m], TRUE);
  g_free (injection);
  for (guint k = 0; k < n_nodes; k++)
    g_free (label[k]);
  if (L != NULL)
    gsl_matrix_free (L);
  if (q != NULL)
    gsl_vector_free (q);
  if (perm != NULL)
    gsl_permutation_free (perm);
  g_hash_table_unref (nodes.index);
  g_array_unref (nodes.parent);
}
