/* sw-modelica-import-experiment.c: the experiment annotation as the
 * simulation settings, as the tools write it: StopTime, Interval,
 * Tolerance; StartTime 0 (OpenModelica writes it); Dymola's
 * __Dymola_NumberOfIntervals (and the older NumberOfIntervals) where no
 * Interval is given; the tools' own entries (__Dymola_Algorithm,
 * __OpenModelica_…) are theirs and left alone.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-modelica-import-private.h"

#include <float.h>
#include <math.h>
#include <glib/gi18n-lib.h>
#include "sw-model-private.h"
#include "sw-number.h"

/* The value of entry name of ex, or FALSE where it has none (or on an
 * error). */
static gboolean
entry (Import *im, MoMod *ex, const char *name, MoMod **m, double *x)
{
  *m = _sw_mo_find (ex->children, name);
  return *m != NULL && (*m)->value != NULL && _sw_mo_eval_number (im, (*m)->value, x);
}

static void
out_of_range (Import *im, MoMod *m, const char *name, double x, const char *valid)
{
  char text[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_dtostr (text, sizeof text, x);
  _sw_mo_import_fail (im, m->line, m->column, _("experiment: %s = %s is out of range; valid: %s"), name, text, valid);
}

void
_sw_mo_import_experiment (Import *im)
{
  MoMod *ex = _sw_mo_find (im->klass->annotation, "experiment");
  SwSimulationSettings settings = *sw_model_get_simulation (im->model);
  static const char *const names[] = { "StopTime", "Interval", "Tolerance" };
  double *fields[] = { &settings.stop_time_s, &settings.output_interval_s, &settings.tolerance };
  gboolean interval = FALSE;
  MoMod *m;
  double x;

  if (ex == NULL)
    return;
  /* A run starts at 0: a later start would run something else. */
  if (entry (im, ex, "StartTime", &m, &x) && x != 0)
    {
      out_of_range (im, m, "StartTime", x, _("StartTime = 0 (runs start at 0 s)"));
      return;
    }
  for (guint k = 0; k < G_N_ELEMENTS (names) && im->error == NULL; k++)
    {
      if (!entry (im, ex, names[k], &m, &x))
        continue;
      /* Each value takes effect or is refused: a default in its place
       * would run something the file does not say. */
      if (!isfinite (x) || x <= 0 || (fields[k] == &settings.tolerance && x >= 1))
        {
          g_autofree char *valid = fields[k] == &settings.tolerance ? g_strdup_printf ("0 < %s < 1", names[k])
                                                                     : g_strdup_printf ("%s > 0", names[k]);

          out_of_range (im, m, names[k], x, valid);
          return;
        }
      if (fields[k] == &settings.tolerance && x < SW_TOLERANCE_MIN)
        {
          char text[SW_NUMBER_BUF_SIZE], least[SW_NUMBER_BUF_SIZE];

          _sw_mo_import_fail (im, m->line, m->column,
                              _("experiment: %s = %s is finer than a double can follow; valid: %s <= %s < 1"),
                              names[k], sw_format_number (text, x), sw_format_number (least, SW_TOLERANCE_MIN), names[k]);
          return;
        }
      /* As the .shaft reader: no run is shorter than a normal double. */
      if (fields[k] == &settings.stop_time_s && x < DBL_MIN)
        {
          char text[SW_NUMBER_BUF_SIZE], least[SW_NUMBER_BUF_SIZE];

          _sw_mo_import_fail (im, m->line, m->column, _("experiment: %s = %s s is too short; valid: %s >= %s s"),
                              names[k], sw_format_number (text, x), names[k], sw_format_number (least, DBL_MIN));
          return;
        }
      *fields[k] = x;
      interval = interval || fields[k] == &settings.output_interval_s;
    }
  if (im->error != NULL)
    return;
  if (!interval && _sw_mo_find (ex->children, "Interval") == NULL)
    {
      const char *counts[] = { "__Dymola_NumberOfIntervals", "NumberOfIntervals" };
      gboolean given = FALSE;

      for (guint k = 0; k < G_N_ELEMENTS (counts) && !given && im->error == NULL; k++)
        if ((given = entry (im, ex, counts[k], &m, &x)))
          {
            /* A whole number of intervals, at least one. */
            if (!(x >= 1 && x <= 1e9 && x == floor (x)))
              {
                out_of_range (im, m, counts[k], x, _("a whole number from 1 to 1e9"));
                return;
              }
            settings.output_interval_s = settings.stop_time_s / x;
          }
      if (im->error != NULL)
        return;
      if (!given)
        settings.output_interval_s = settings.stop_time_s / 500;
    }
  sw_model_set_simulation (im->model, &settings);
}
