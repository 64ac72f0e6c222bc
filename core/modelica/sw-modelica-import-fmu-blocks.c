/* sw-modelica-import-fmu-blocks.c: the input/output blocks of the MSL's
 * GenerationOfFMUs examples (Rotational.Examples.Utilities.DirectInertia,
 * InverseInertia, Spring, SpringDamper, SpringDamperNoRelativeStates;
 * Translational.Examples.Utilities.DirectMass, InverseMass, Spring,
 * SpringDamper, SpringDamperNoRelativeStates).
 *
 * Each is a few components of the library behind signal connectors, so a
 * component of such a class is replaced by its components (named
 * INSTANCE_INNER, with the instance's line and column), its parameters
 * given into them, and the connect()s to its connectors rewritten to the
 * inner ports they stand for, before the rest of the import. Their
 * adaptors, wired to each other as the examples wire them, then become
 * joints (sw-modelica-import-adaptors.c); SpringDamperNoRelativeStates is
 * Components.SpringDamper (which variables are states changes nothing
 * here). The export writes the result as plain components.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-modelica-import-private.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#define ROT "Modelica.Mechanics.Rotational."
#define TRANS "Modelica.Mechanics.Translational."

typedef struct {
  const char *domain; /* "Rotational", "Translational" */
  const char *name;   /* the class's last part */
  const char *body;   /* its parameters, components and connect()s as a model's */
} Block;

/* What the classes are made of, as the MSL's documentation draws them:
 * a connector of the block is a bare name in connect(). */
static const Block blocks[] = {
  { "Rotational", "DirectInertia",
    "parameter Real J = 1;\n"
    ROT "Components.Inertia inertia(J = J, phi(start = 0, fixed = true), w(start = 0, fixed = true));\n"
    ROT "Sources.Torque torqueSource;\n"
    ROT "Components.TorqueToAngleAdaptor torqueToAngle;\n"
    "equation\n"
    "connect(tauDrive, torqueSource.tau); connect(torqueSource.flange, inertia.flange_a);\n"
    "connect(inertia.flange_b, torqueToAngle.flange); connect(phi, torqueToAngle.phi);\n"
    "connect(w, torqueToAngle.w); connect(a, torqueToAngle.a); connect(tau, torqueToAngle.tau);\n" },
  { "Rotational", "InverseInertia",
    "parameter Real J = 1;\n"
    ROT "Components.Inertia inertia(J = J);\n"
    ROT "Components.AngleToTorqueAdaptor angleToTorque;\n"
    "equation\n"
    "connect(angleToTorque.flange, inertia.flange_a); connect(phi, angleToTorque.phi);\n"
    "connect(w, angleToTorque.w); connect(a, angleToTorque.a); connect(tau, angleToTorque.tau);\n" },
  { "Rotational", "Spring",
    "parameter Real c = 1e4; parameter Real phi_rel0 = 0;\n"
    ROT "Components.Spring spring(c = c, phi_rel0 = phi_rel0);\n"
    ROT "Components.AngleToTorqueAdaptor angleToTorque1(use_w = false, use_a = false);\n"
    ROT "Components.AngleToTorqueAdaptor angleToTorque2(use_w = false, use_a = false);\n"
    "equation\n"
    "connect(angleToTorque1.flange, spring.flange_a); connect(spring.flange_b, angleToTorque2.flange);\n"
    "connect(phi1, angleToTorque1.phi); connect(tau1, angleToTorque1.tau);\n"
    "connect(phi2, angleToTorque2.phi); connect(tau2, angleToTorque2.tau);\n" },
  { "Rotational", "SpringDamper",
    "parameter Real c = 1e4; parameter Real d = 1; parameter Real phi_rel0 = 0;\n"
    ROT "Components.SpringDamper springDamper(c = c, d = d, phi_rel0 = phi_rel0);\n"
    ROT "Components.AngleToTorqueAdaptor angleToTorque1(use_a = false);\n"
    ROT "Components.AngleToTorqueAdaptor angleToTorque2(use_a = false);\n"
    "equation\n"
    "connect(angleToTorque1.flange, springDamper.flange_a); connect(springDamper.flange_b, angleToTorque2.flange);\n"
    "connect(phi1, angleToTorque1.phi); connect(w1, angleToTorque1.w); connect(tau1, angleToTorque1.tau);\n"
    "connect(phi2, angleToTorque2.phi); connect(w2, angleToTorque2.w); connect(tau2, angleToTorque2.tau);\n" },
  { "Rotational", "SpringDamperNoRelativeStates",
    "parameter Real c = 1e5; parameter Real d = 0; parameter Real phi_rel0 = 0;\n"
    ROT "Components.SpringDamper springDamper(c = c, d = d, phi_rel0 = phi_rel0);\n"
    "equation\n"
    "connect(flange_a, springDamper.flange_a); connect(flange_b, springDamper.flange_b);\n" },
  { "Translational", "DirectMass",
    "parameter Real m = 1;\n"
    TRANS "Components.Mass mass(m = m, s(start = 0, fixed = true), v(start = 0, fixed = true));\n"
    TRANS "Sources.Force forceSource;\n"
    TRANS "Components.GeneralForceToPositionAdaptor forceToPosition;\n"
    "equation\n"
    "connect(fDrive, forceSource.f); connect(forceSource.flange, mass.flange_a);\n"
    "connect(mass.flange_b, forceToPosition.flange); connect(s, forceToPosition.p);\n"
    "connect(v, forceToPosition.pder); connect(a, forceToPosition.pder2); connect(f, forceToPosition.f);\n" },
  { "Translational", "InverseMass",
    "parameter Real m = 1;\n"
    TRANS "Components.Mass mass(m = m);\n"
    TRANS "Components.GeneralPositionToForceAdaptor positionToForce;\n"
    "equation\n"
    "connect(positionToForce.flange, mass.flange_a); connect(s, positionToForce.p);\n"
    "connect(v, positionToForce.pder); connect(a, positionToForce.pder2); connect(f, positionToForce.f);\n" },
  { "Translational", "Spring",
    "parameter Real c = 1e4; parameter Real s_rel0 = 0;\n"
    TRANS "Components.Spring spring(c = c, s_rel0 = s_rel0);\n"
    TRANS "Components.GeneralPositionToForceAdaptor positionToForce1(use_pder = false, use_pder2 = false);\n"
    TRANS "Components.GeneralPositionToForceAdaptor positionToForce2(use_pder = false, use_pder2 = false);\n"
    "equation\n"
    "connect(positionToForce1.flange, spring.flange_a); connect(spring.flange_b, positionToForce2.flange);\n"
    "connect(s1, positionToForce1.p); connect(f1, positionToForce1.f);\n"
    "connect(s2, positionToForce2.p); connect(f2, positionToForce2.f);\n" },
  { "Translational", "SpringDamper",
    "parameter Real c = 1e4; parameter Real d = 1; parameter Real s_rel0 = 0;\n"
    TRANS "Components.SpringDamper springDamper(c = c, d = d, s_rel0 = s_rel0);\n"
    TRANS "Components.GeneralPositionToForceAdaptor positionToForce1(use_pder2 = false);\n"
    TRANS "Components.GeneralPositionToForceAdaptor positionToForce2(use_pder2 = false);\n"
    "equation\n"
    "connect(positionToForce1.flange, springDamper.flange_a); connect(springDamper.flange_b, positionToForce2.flange);\n"
    "connect(s1, positionToForce1.p); connect(v1, positionToForce1.pder); connect(f1, positionToForce1.f);\n"
    "connect(s2, positionToForce2.p); connect(v2, positionToForce2.pder); connect(f2, positionToForce2.f);\n" },
  { "Translational", "SpringDamperNoRelativeStates",
    "parameter Real c = 1e5; parameter Real d = 0; parameter Real s_rel0 = 0;\n"
    TRANS "Components.SpringDamper springDamper(c = c, d = d, s_rel0 = s_rel0);\n"
    "equation\n"
    "connect(flange_a, springDamper.flange_a); connect(flange_b, springDamper.flange_b);\n" },
};

static gboolean
has_part (const char *path, const char *part)
{
  g_auto (GStrv) parts = g_strsplit (path, ".", -1);

  return g_strv_contains ((const char *const *) parts, part);
}

/* The block el's class is, or NULL: Examples.Utilities.NAME written from
 * Modelica or from the file's within (Utilities.DirectInertia in
 * Rotational.Examples), never a class of the file. */
static const Block *
block_of (Import *im, const MoElement *el)
{
  g_autofree char *full = NULL;
  const char *last = _sw_mo_last_part (el->type);

  if (el->parameter || strcmp (el->type, "extends") == 0 || _sw_mo_find_class (im, el->type, NULL) != NULL)
    return NULL;
  full = g_str_has_prefix (el->type, "Modelica.") || im->within == NULL
           ? g_strdup (el->type) : g_strdup_printf ("%s.%s", im->within, el->type);
  if (!g_str_has_suffix (full, last) || !has_part (full, "Utilities") || !has_part (full, "Examples"))
    return NULL;
  for (guint k = 0; k < G_N_ELEMENTS (blocks); k++)
    if (strcmp (blocks[k].name, last) == 0 && has_part (full, blocks[k].domain))
      return &blocks[k];
  return NULL;
}

static MoClass *
parse_block (const Block *b)
{
  g_autofree char *text = g_strdup_printf ("model %s\n%send %s;\n", b->name, b->body, b->name);
  g_autoptr (GError) error = NULL;
  MoClass *klass = _sw_mo_parse (text, strlen (text), b->name, &error);

  /* The texts above are fixed: a parse error is a bug here. */
  if (klass == NULL)
    g_error ("%s", error->message);
  return klass;
}

/* Names in e that are parameters of the block replaced by their values:
 * the instance's modifier, else the block's default. */
static void
substitute (MoExpr **e, const MoClass *block, const MoElement *inst)
{
  if (*e == NULL)
    return;
  if ((*e)->kind == MO_NAME)
    for (guint k = 0; k < block->elements->len; k++)
      {
        const MoElement *p = g_ptr_array_index (block->elements, k);
        const MoMod *m;

        if (!p->parameter || strcmp (p->name, (*e)->text) != 0)
          continue;
        m = _sw_mo_find (inst->mods, p->name);
        _sw_mo_expr_free (*e);
        *e = _sw_mo_expr_copy (m != NULL ? m->value : p->value);
        return;
      }
  substitute (&(*e)->a, block, inst);
  substitute (&(*e)->b, block, inst);
  substitute (&(*e)->c, block, inst);
  for (guint k = 0; (*e)->items != NULL && k < (*e)->items->len; k++)
    substitute ((MoExpr **) &g_ptr_array_index ((*e)->items, k), block, inst);
}

static void
substitute_mods (GPtrArray *mods, const MoClass *block, const MoElement *inst)
{
  for (guint k = 0; mods != NULL && k < mods->len; k++)
    {
      MoMod *m = g_ptr_array_index (mods, k);

      substitute (&m->value, block, inst);
      substitute_mods (m->children, block, inst);
    }
}

/* The instance's modifiers: each a parameter of the block, given a value. */
static gboolean
check_mods (Import *im, const MoElement *inst, const MoClass *block)
{
  for (guint k = 0; inst->mods != NULL && k < inst->mods->len; k++)
    {
      const MoMod *m = g_ptr_array_index (inst->mods, k);
      MoElement *p = g_hash_table_lookup (block->names, m->name);

      if (p == NULL || !p->parameter || m->value == NULL || m->children != NULL)
        {
          g_autoptr (GString) valid = g_string_new (NULL);

          for (guint j = 0; j < block->elements->len; j++)
            {
              const MoElement *q = g_ptr_array_index (block->elements, j);

              if (q->parameter)
                g_string_append_printf (valid, "%s%s", valid->len > 0 ? ", " : "", q->name);
            }
          _sw_mo_fail (im, m->line, m->column, _("%s (%s): the modifier %s is not supported; valid: %s = value"),
                       inst->name, inst->type, m->name, valid->str);
          return FALSE;
        }
    }
  return TRUE;
}

/* The component's name for inner element name of inst: the instance's
 * own for a block of one component. */
static char *
inner_name (const MoClass *block, const MoElement *inst, const char *name)
{
  guint components = 0;

  for (guint k = 0; k < block->elements->len; k++)
    components += !((const MoElement *) g_ptr_array_index (block->elements, k))->parameter;
  return components == 1 ? g_strdup (inst->name) : g_strdup_printf ("%s_%s", inst->name, name);
}

/* The block's connector "conn" as the inner port it stands for, or NULL. */
static char *
connector_port (const MoClass *block, const MoElement *inst, const char *conn)
{
  for (guint k = 0; k < block->connects->len; k++)
    {
      const MoConnect *c = &g_array_index (block->connects, MoConnect, k);
      const char *bare = strchr (c->a, '.') == NULL ? c->a : c->b, *port = bare == c->a ? c->b : c->a;
      const char *dot = strchr (port, '.');
      g_autofree char *el = NULL, *name = NULL;

      if (strchr (bare, '.') != NULL || strcmp (bare, conn) != 0)
        continue;
      el = g_strndup (port, dot - port);
      name = inner_name (block, inst, el);
      return g_strdup_printf ("%s%s", name, dot);
    }
  return NULL;
}

/* A body's position and speed under the Modelica name the MSL's
 * examples compare ("directInertia.inertia.phi"), as observed variables. */
static void
add_aliases (Import *im, const MoElement *inst, const MoElement *inner, const MoElement *c)
{
  static const char *const rotational[] = { "phi", "w" }, *const translational[] = { "s", "v" };
  const char *const *vars = g_str_has_suffix (inner->type, ".Components.Inertia") ? rotational
                            : g_str_has_suffix (inner->type, ".Components.Mass")  ? translational : NULL;

  if (vars == NULL || strcmp (c->name, inst->name) == 0)
    return;
  if (im->aliases == NULL)
    im->aliases = g_ptr_array_new_with_free_func (g_free);
  for (guint v = 0; v < 2; v++)
    {
      g_ptr_array_add (im->aliases, g_strdup_printf ("%s.%s.%s", inst->name, inner->name, vars[v]));
      g_ptr_array_add (im->aliases, g_strdup_printf ("%s.%s", c->name, vars[v]));
    }
}

/* The element at index k of the class's elements (a block) replaced by
 * its components; connect()s to it rewritten. */
static gboolean
expand (Import *im, guint k, const Block *b)
{
  MoElement *inst = g_ptr_array_index (im->klass->elements, k);
  g_autoptr (MoClass) block = parse_block (b);
  GArray *connects = im->klass->connects;
  guint added = 0;

  if (!check_mods (im, inst, block))
    return FALSE;
  /* The outer connect()s first: a connector the block lacks is an error
   * at its connect. */
  for (guint j = 0; j < connects->len; j++)
    {
      MoConnect *c = &g_array_index (connects, MoConnect, j);
      char **ends[2] = { &c->a, &c->b };

      for (guint e = 0; e < 2; e++)
        {
          gsize n = strlen (inst->name);
          char *port;

          if (strncmp (*ends[e], inst->name, n) != 0 || ((*ends[e])[n] != '.' && (*ends[e])[n] != '\0'))
            continue;
          port = (*ends[e])[n] == '.' ? connector_port (block, inst, *ends[e] + n + 1) : NULL;
          if (port == NULL)
            {
              g_autoptr (GString) valid = g_string_new (NULL);

              for (guint i = 0; i < block->connects->len; i++)
                {
                  const MoConnect *bc = &g_array_index (block->connects, MoConnect, i);
                  const char *bare = strchr (bc->a, '.') == NULL ? bc->a : strchr (bc->b, '.') == NULL ? bc->b : NULL;

                  if (bare != NULL)
                    g_string_append_printf (valid, "%s%s", valid->len > 0 ? ", " : "", bare);
                }
              _sw_mo_fail (im, c->line, c->column, _("connect (%s, %s): %s (%s) has no connector %s; valid: %s"), c->a,
                           c->b, inst->name, inst->type, *ends[e], valid->str);
              return FALSE;
            }
          g_free (*ends[e]);
          *ends[e] = port;
        }
    }
  /* Its components, in its place. */
  for (guint j = 0; j < block->elements->len; j++)
    {
      const MoElement *p = g_ptr_array_index (block->elements, j);
      MoElement *c;

      if (p->parameter)
        continue;
      c = g_new0 (MoElement, 1);
      c->name = inner_name (block, inst, p->name);
      c->type = g_strdup (p->type);
      c->line = inst->line;
      c->column = inst->column;
      c->mods = _sw_mo_mods_new ();
      for (guint i = 0; p->mods != NULL && i < p->mods->len; i++)
        g_ptr_array_add (c->mods, _sw_mo_mod_copy (g_ptr_array_index (p->mods, i)));
      substitute_mods (c->mods, block, inst);
      /* The first (its main part) keeps the block's place in the diagram. */
      if (added == 0 && inst->annotation != NULL)
        {
          c->annotation = _sw_mo_mods_new ();
          for (guint a = 0; a < inst->annotation->len; a++)
            g_ptr_array_add (c->annotation, _sw_mo_mod_copy (g_ptr_array_index (inst->annotation, a)));
        }
      if ((added > 0 || strcmp (c->name, inst->name) != 0) && g_hash_table_contains (im->elements, c->name))
        {
          _sw_mo_fail (im, inst->line, inst->column,
                       _("%s (%s) cannot be expanded: its component %s would be %s, the name of another element"),
                       inst->name, inst->type, p->name, c->name);
          _sw_mo_element_free (c);
          return FALSE;
        }
      g_ptr_array_insert (im->klass->elements, (int) (k + 1 + added++), c);
      add_aliases (im, inst, p, c);
    }
  /* Its inner connections. */
  for (guint j = 0; j < block->connects->len; j++)
    {
      const MoConnect *bc = &g_array_index (block->connects, MoConnect, j);
      const char *da = strchr (bc->a, '.'), *db = strchr (bc->b, '.');
      g_autofree char *ea = NULL, *eb = NULL, *na = NULL, *nb = NULL;
      MoConnect c = { NULL, NULL, inst->line, inst->column };

      if (da == NULL || db == NULL)
        continue;
      ea = g_strndup (bc->a, da - bc->a);
      eb = g_strndup (bc->b, db - bc->b);
      na = inner_name (block, inst, ea);
      nb = inner_name (block, inst, eb);
      c.a = g_strdup_printf ("%s%s", na, da);
      c.b = g_strdup_printf ("%s%s", nb, db);
      g_array_append_val (connects, c);
    }
  if (im->klass->names != NULL)
    g_hash_table_remove (im->klass->names, inst->name);
  g_hash_table_remove (im->elements, inst->name);
  g_ptr_array_remove_index (im->klass->elements, k);
  for (guint j = 0; j < added; j++)
    {
      MoElement *c = g_ptr_array_index (im->klass->elements, k + j);

      g_hash_table_insert (im->elements, c->name, c);
    }
  return TRUE;
}

void
_sw_mo_expand_fmu_blocks (Import *im)
{
  for (guint k = 0; k < im->klass->elements->len && im->error == NULL; k++)
    {
      const Block *b = block_of (im, g_ptr_array_index (im->klass->elements, k));

      if (b != NULL && !expand (im, k, b))
        return;
    }
}
