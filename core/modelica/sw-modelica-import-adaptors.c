/* sw-modelica-import-adaptors.c: the MSL's signal adaptors for FMUs
 * (Rotational.Components.TorqueToAngleAdaptor with AngleToTorqueAdaptor,
 * Translational.Components.ForceToPositionAdaptor with
 * PositionToForceAdaptor, and the General… ones of MSL 4 with signals p,
 * pder, pder2, f) wired to each other as the library's GenerationOfFMUs
 * wires them: one flange's motion (phi, w, a) drives the other's, whose
 * torque (tau) goes back as the first's load.
 *
 * Such a pair is a rigid joint of the two flanges in Modelica's equations
 * (flange.phi the same, the torque the second needs acting on the first),
 * so the import joins the two flanges' connections and drops the
 * adaptors and their signal connections, before the rest of the import
 * (the export writes the joint as a direct connection). An adaptor not so
 * wired, a signal of one going elsewhere, a connect() to a signal its
 * use_… flag switches off and an input of the second left unconnected
 * are errors at their line and column saying what is supported.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-modelica-import-private.h"

#include <string.h>
#include <glib/gi18n-lib.h>

typedef struct {
  const char *from, *to;     /* the classes: effort in, motion out; motion in, effort out */
  const char *signals[4];    /* position, speed, acceleration, effort */
  const char *flags[2];      /* the parameters that switch speed and acceleration on */
} Pair;

static const Pair pairs[] = {
  { "TorqueToAngleAdaptor", "AngleToTorqueAdaptor", { "phi", "w", "a", "tau" }, { "use_w", "use_a" } },
  { "ForceToPositionAdaptor", "PositionToForceAdaptor", { "s", "v", "a", "f" }, { "use_v", "use_a" } },
  { "GeneralTorqueToAngleAdaptor", "GeneralAngleToTorqueAdaptor", { "p", "pder", "pder2", "f" },
    { "use_pder", "use_pder2" } },
  { "GeneralForceToPositionAdaptor", "GeneralPositionToForceAdaptor", { "p", "pder", "pder2", "f" },
    { "use_pder", "use_pder2" } },
};

/* Whether el's signal index (0 to 3) exists: its use_… flags (the
 * acceleration needs the speed too). FALSE with im->error on a flag that
 * is no Boolean. */
static gboolean
signal_used (Import *im, const MoElement *el, const Pair *pair, guint index, gboolean *used)
{
  *used = TRUE;
  for (guint f = 0; f < 2 && f < index && index < 3; f++)
    {
      const MoMod *m = _sw_mo_find (el->mods, pair->flags[f]);
      double x = 1;

      if (m != NULL && (m->value == NULL || !_sw_mo_eval_number (im, m->value, &x)))
        {
          if (im->error == NULL)
            _sw_mo_fail (im, m->line, m->column, _("%s.%s needs a value: true or false"), el->name, m->name);
          return FALSE;
        }
      if (x == 0)
        *used = FALSE;
    }
  return TRUE;
}

static guint
signal_index (const Pair *pair, const char *name)
{
  for (guint k = 0; k < 4; k++)
    if (strcmp (pair->signals[k], name) == 0)
      return k;
  return 4;
}

/* The pair whose from (to_side FALSE) or to class el is, or NULL. */
static const Pair *
pair_of (const MoElement *el, gboolean *to_side)
{
  const char *last = _sw_mo_last_part (el->type);

  for (guint k = 0; k < G_N_ELEMENTS (pairs); k++)
    if (strcmp (last, pairs[k].from) == 0 || strcmp (last, pairs[k].to) == 0)
      {
        *to_side = strcmp (last, pairs[k].to) == 0;
        return &pairs[k];
      }
  return NULL;
}

/* "el.name" when end is a connector of element el: name, else NULL. */
static const char *
connector_of (const char *end, const char *el)
{
  gsize n = strlen (el);

  return strncmp (end, el, n) == 0 && end[n] == '.' ? end + n + 1 : NULL;
}

static MoElement *
find_element (MoClass *klass, const char *name)
{
  for (guint k = 0; k < klass->elements->len; k++)
    {
      MoElement *el = g_ptr_array_index (klass->elements, k);

      if (strcmp (el->name, name) == 0)
        return el;
    }
  return NULL;
}

/* The element the to-side adaptor partner of from is, through the
 * connect of their positions; NULL with an error. */
static MoElement *
partner (Import *im, const MoElement *from, const Pair *pair)
{
  for (guint k = 0; k < im->klass->connects->len; k++)
    {
      const MoConnect *c = &g_array_index (im->klass->connects, MoConnect, k);
      const char *ends[2] = { c->a, c->b };

      for (guint e = 0; e < 2; e++)
        {
          const char *name = connector_of (ends[e], from->name), *dot = strrchr (ends[1 - e], '.');
          g_autofree char *other = dot != NULL ? g_strndup (ends[1 - e], dot - ends[1 - e]) : NULL;
          MoElement *el = other != NULL ? find_element (im->klass, other) : NULL;
          gboolean to_side;

          if (name != NULL && strcmp (name, pair->signals[0]) == 0 && el != NULL && pair_of (el, &to_side) == pair
              && to_side && strcmp (dot + 1, pair->signals[0]) == 0)
            return el;
        }
    }
  _sw_mo_import_fail (im, from->line, from->column,
                      _("%s (%s): an adaptor is supported wired to a %s only (its %s, %s, %s to that one's inputs, "
                        "that one's %s back to its %s), as in the MSL's GenerationOfFMUs"), from->name, from->type,
                      pair->to, pair->signals[0], pair->signals[1], pair->signals[2], pair->signals[3],
                      pair->signals[3]);
  return NULL;
}

static void
remove_element (Import *im, MoElement *el)
{
  if (im->klass->names != NULL)
    g_hash_table_remove (im->klass->names, el->name);
  if (im->elements != NULL)
    g_hash_table_remove (im->elements, el->name);
  g_ptr_array_remove (im->klass->elements, el);
}

/* Joins the flanges of from and to, drops the pair. */
static gboolean
join (Import *im, MoElement *from, MoElement *to, const Pair *pair)
{
  GArray *connects = im->klass->connects;
  g_autofree char *from_flange = g_strdup_printf ("%s.flange", from->name);
  g_autofree char *to_flange = g_strdup_printf ("%s.flange", to->name);
  g_autofree char *anchor = NULL;
  gboolean has_effort = FALSE, connected[4] = { FALSE };

  /* The signals: only between the two, each to its namesake. */
  for (guint k = 0; k < connects->len; k++)
    {
      MoConnect *c = &g_array_index (connects, MoConnect, k);
      const char *ends[2] = { c->a, c->b };

      for (guint e = 0; e < 2; e++)
        {
          const char *mine = connector_of (ends[e], from->name), *other = connector_of (ends[1 - e], to->name);

          if (mine == NULL)
            mine = connector_of (ends[e], to->name), other = connector_of (ends[1 - e], from->name);
          if (mine == NULL || strcmp (mine, "flange") == 0)
            continue;
          if (other == NULL || strcmp (mine, other) != 0)
            {
              _sw_mo_import_fail (im, c->line, c->column,
                                  _("connect (%s, %s): the adaptors %s and %s are supported wired to each other "
                                    "only, each signal to its namesake (%s.%s to %s.%s)"), c->a, c->b, from->name,
                                  to->name, from->name, mine, to->name, mine);
              return FALSE;
            }
          {
            guint index = signal_index (pair, mine);
            gboolean used_from, used_to;

            if (index < 4
                && (!signal_used (im, from, pair, index, &used_from) || !signal_used (im, to, pair, index, &used_to)))
              return FALSE;
            if (index < 4 && (!used_from || !used_to))
              {
                const MoElement *off = !used_from ? from : to;

                _sw_mo_fail (im, c->line, c->column,
                             _("connect (%s, %s): %s has no %s: its %s or %s is false"), c->a, c->b, off->name,
                             mine, pair->flags[0], pair->flags[1]);
                return FALSE;
              }
            if (index < 4)
              connected[index] = TRUE;
          }
          has_effort |= strcmp (mine, pair->signals[3]) == 0;
        }
      /* The flanges' other ends: the first one anchors the joint. */
      for (guint e = 0; e < 2 && anchor == NULL; e++)
        if ((strcmp (ends[e], from_flange) == 0 || strcmp (ends[e], to_flange) == 0)
            && strcmp (ends[1 - e], from_flange) != 0 && strcmp (ends[1 - e], to_flange) != 0)
          anchor = g_strdup (ends[1 - e]);
    }
  if (!has_effort || anchor == NULL)
    {
      _sw_mo_import_fail (im, to->line, to->column,
                          !has_effort ? _("%s: its %s must go back to %s.%s (the adaptors stand for a joint of their "
                                          "flanges)")
                                      : _("%s: neither its flange nor %s's is connected"),
                          to->name, !has_effort ? pair->signals[3] : from->name, from->name, pair->signals[3]);
      return FALSE;
    }
  /* Each input of the second that exists is wired (Modelica's rule; the
   * position is, as partner () found). */
  for (guint index = 1; index < 3; index++)
    {
      gboolean used;

      if (!signal_used (im, to, pair, index, &used))
        return FALSE;
      if (used && !connected[index])
        {
          _sw_mo_fail (im, to->line, to->column,
                       _("%s: its input %s is not connected; connect it to %s.%s, or set %s = false"), to->name,
                       pair->signals[index], from->name, pair->signals[index], pair->flags[index - 1]);
          return FALSE;
        }
    }
  /* The flanges' connections to the anchor; the signals' dropped. */
  for (guint k = connects->len; k-- > 0;)
    {
      MoConnect *c = &g_array_index (connects, MoConnect, k);
      char **ends[2] = { &c->a, &c->b };

      for (guint e = 0; e < 2; e++)
        if (strcmp (*ends[e], from_flange) == 0 || strcmp (*ends[e], to_flange) == 0)
          {
            g_free (*ends[e]);
            *ends[e] = g_strdup (anchor);
          }
      if (strcmp (c->a, c->b) == 0 || connector_of (c->a, from->name) != NULL || connector_of (c->a, to->name) != NULL
          || connector_of (c->b, from->name) != NULL || connector_of (c->b, to->name) != NULL)
        {
          g_free (c->a);
          g_free (c->b);
          g_array_remove_index (connects, k);
        }
    }
  remove_element (im, to);
  remove_element (im, from);
  return TRUE;
}

void
_sw_mo_join_adaptors (Import *im)
{
  for (guint k = 0; k < im->klass->elements->len && im->error == NULL;)
    {
      MoElement *el = g_ptr_array_index (im->klass->elements, k), *other;
      gboolean to_side;
      const Pair *pair;

      if (el->parameter)
        {
          k++;
          continue;
        }
      pair = pair_of (el, &to_side);
      if (pair == NULL)
        {
          k++;
          continue;
        }
      if (to_side)
        {
          /* Its from-side partner comes first or later: look for one that
           * drives it. */
          for (guint j = 0; j < im->klass->elements->len; j++)
            {
              MoElement *f = g_ptr_array_index (im->klass->elements, j);
              gboolean f_to;

              if (f != el && !f->parameter && pair_of (f, &f_to) == pair && !f_to)
                for (guint i = 0; i < im->klass->connects->len; i++)
                  {
                    const MoConnect *c = &g_array_index (im->klass->connects, MoConnect, i);

                    if ((connector_of (c->a, f->name) != NULL && connector_of (c->b, el->name) != NULL)
                        || (connector_of (c->b, f->name) != NULL && connector_of (c->a, el->name) != NULL))
                      goto found;
                  }
            }
          _sw_mo_import_fail (im, el->line, el->column,
                              _("%s (%s): an adaptor is supported driven by a %s only (that one's %s, %s, %s to its "
                                "inputs, its %s back), as in the MSL's GenerationOfFMUs"), el->name, el->type,
                              pair->from, pair->signals[0], pair->signals[1], pair->signals[2], pair->signals[3]);
          return;
found:
          k++;
          continue;
        }
      other = partner (im, el, pair);
      if (other == NULL || !join (im, el, other, pair))
        return;
      /* Both removed: the element at k is a new one. */
      k = 0;
    }
}
