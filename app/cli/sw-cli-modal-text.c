/* sw-cli-modal-text.c: `modal` as text: a table of the modes, then each
 * mode's shape and energies by body and by section (N modes by N bodies,
 * 94 MB for a chain of 1 000).
 *
 * The rows go into one buffer that stdout takes a megabyte at a time, each
 * id's cell made once, each column's numbers as printf's text made eight
 * at a time where the processor can (sw_format_fixed_batch(), else
 * sw_format_fixed_width()). Each mode's values are computed twice, for the
 * table (its most excitable section) and for its rows, not three times
 * (with the modes too): SwModesOptions.scalars_with_values. Issue 24: the
 * text took 0.21 s of processor time for the chain of 1 000, 0.11 s now,
 * as `modal --json`.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-cli-private.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <glib/gi18n.h>

#include "sw-number.h"

#define CHUNK (1 << 20)

typedef struct {
  char    *start, *p, *end;   /* end: CHUNK past start, room for a row more */
  gboolean utf8;
} Out;

static void
out_flush (Out *o)
{
  if (o->p == o->start)
    return;
  if (o->utf8)
    fwrite (o->start, 1, o->p - o->start, stdout);
  else
    {
      *o->p = '\0';
      g_print ("%s", o->start);   /* converts to the locale's charset */
    }
  o->p = o->start;
}

/* A row of at most the room left past CHUNK may follow. */
static inline void
out_check (Out *o)
{
  if (o->p >= o->end)
    out_flush (o);
}

/* Text of any length. */
static void
out_put (Out *o, const char *text, gsize len)
{
  out_check (o);
  if (len > CHUNK)
    {
      out_flush (o);
      if (o->utf8)
        fwrite (text, 1, len, stdout);
      else
        g_print ("%s", text);
      return;
    }
  memcpy (o->p, text, len);
  o->p += len;
}

static void
out_string (Out *o, GString *s)
{
  out_put (o, s->str, s->len);
  g_string_truncate (s, 0);
}

/* A column's numbers, their fields made together where the processor can
 * (sw_format_fixed_batch()). */
typedef struct {
  int      width, decimals;
  guint64 *fields;
  guint8  *ok;
} Column;

static void
column_init (Column *c, guint n, int width, int decimals)
{
  c->width = width, c->decimals = decimals;
  c->fields = g_new (guint64, 2 * MAX (n, 1));
  c->ok = g_new (guint8, MAX (n, 1));
}

static void
column_clear (Column *c)
{
  g_free (c->fields);
  g_free (c->ok);
}

/* printf ("%*.*f", width, decimals, values[k]): its field made before
 * (16 bytes, the rest written over), or made now. */
static inline void
put_fixed (Out *o, const Column *c, const double *values, guint k)
{
  if (c->ok[k])
    {
      memcpy (o->p, c->fields + 2 * k, 16);
      o->p += c->width;
    }
  else
    o->p += sw_format_fixed_width (o->p, values[k], c->width, c->decimals);
}

/* A cell up to this long is copied as one block of it (its text is
 * followed by as many bytes, CELL_COPY past the row's room). */
#define CELL_COPY 32

static inline void
put_cell (Out *o, const char *cell, gsize len)
{
  if (len <= CELL_COPY)
    memcpy (o->p, cell, CELL_COPY);
  else
    memcpy (o->p, cell, len);
  o->p += len;
}

/* Each id as a left-aligned cell after two spaces, made once. */
static char **
table_cells (SwModes *modes, gboolean sections, int width, gsize *longest)
{
  guint n = sections ? sw_modes_get_n_sections (modes) : sw_modes_get_n_bodies (modes);
  char **cells = g_new0 (char *, n + 1);

  for (guint k = 0; k < n; k++)
    {
      GString *s = g_string_new ("  ");

      sw_cli_append_cell (s, sections ? sw_modes_get_section_part (modes, k)->id : sw_modes_get_body_part (modes, k)->id,
                          -width);
      g_string_append_c (s, ' ');
      *longest = MAX (*longest, s->len);
      /* Zeros after it, to copy CELL_COPY bytes of it. */
      cells[k] = g_malloc0 (s->len + CELL_COPY + 1);
      memcpy (cells[k], s->str, s->len);
      g_string_free (s, TRUE);
    }
  return cells;
}

static void
modal_table (Out *o, SwModes *modes, const char *name)
{
  guint n = sw_modes_get_n_modes (modes), nb = sw_modes_get_n_bodies (modes), ns = sw_modes_get_n_sections (modes);
  /* Translators: the headings of the table of modes; the columns widen to fit. */
  const char *h_mode = C_("modal table", "mode"), *h_f = _("f [Hz]"), *h_omega = _("omega [rad/s]");
  const char *h_fd = _("damped f [Hz]"), *h_zeta = _("damping"), *h_sec = _("most excitable section");
  const char *h_decay = _("decay [1/s]");
  const char *h_body = _("body"), *h_shape = _("shape"), *h_kin = _("kinetic %");
  const char *h_section = _("section"), *h_pot = _("potential %");
  const char *most = _("  <- most excitable");
  gsize most_len = strlen (most), longest = 0;
  int w_mode = sw_cli_column_width (h_mode, 5), w_f = sw_cli_column_width (h_f, 14);
  int w_omega = sw_cli_column_width (h_omega, 14), w_fd = sw_cli_column_width (h_fd, 14);
  int w_zeta = sw_cli_column_width (h_zeta, 11), w_decay = sw_cli_column_width (h_decay, 12);
  int w_id = MAX (sw_cli_column_width (h_body, 20), sw_cli_column_width (h_section, 20));
  int w_shape = sw_cli_column_width (h_shape, 10), w_energy = MAX (sw_cli_column_width (h_kin, 12),
                                                                   sw_cli_column_width (h_pot, 12));
  g_autoptr (GString) line = g_string_new (NULL);
  g_autoptr (GString) s = g_string_new (NULL);
  g_auto (GStrv) body_cells = table_cells (modes, FALSE, w_id, &longest);
  g_auto (GStrv) section_cells = table_cells (modes, TRUE, w_id, &longest);
  g_autofree gsize *body_len = g_new (gsize, MAX (nb, 1));
  g_autofree gsize *section_len = g_new (gsize, MAX (ns, 1));
  g_autofree char *blank = g_strnfill (w_shape + 1, ' ');
  g_autofree double *shape = g_new (double, MAX (nb, 1));
  g_autofree double *kin = g_new (double, MAX (nb, 1));
  g_autofree double *pot = g_new (double, MAX (ns, 1));
  g_autofree double *balance = g_new0 (double, MAX (n, 1));
  Column shape_column, kin_column, pot_column;
  gsize row;

  for (guint k = 0; k < nb; k++)
    body_len[k] = strlen (body_cells[k]);
  for (guint k = 0; k < ns; k++)
    section_len[k] = strlen (section_cells[k]);
  /* A row: a cell, two numbers (or a blank and one) and the mark. */
  row = MAX (longest, CELL_COPY) + w_shape + 1 + 2 * (MAX (w_energy, SW_NUMBER_FIXED_BUF_SIZE) + 16) + most_len + 2;
  o->start = o->p = g_malloc (CHUNK + row + 1);
  o->end = o->start + CHUNK;
  column_init (&shape_column, nb, w_shape, 4);
  column_init (&kin_column, nb, w_energy, 2);
  column_init (&pot_column, ns, w_energy, 2);

  g_string_append_printf (s, ngettext ("Modal analysis of “%s” at t = %g s: %u mode\n\n",
                                       "Modal analysis of “%s” at t = %g s: %u modes\n\n", n),
                          name, sw_modes_get_time (modes), n);
  if (sw_modes_get_friction (modes) == SW_LINEAR_FRICTION_LOCKED)
    g_string_append (s, _("Friction elements locked (clutches, brakes and bearing friction stuck)\n\n"));
  else if (sw_modes_get_friction (modes) == SW_LINEAR_FRICTION_OPEN)
    g_string_append (s, _("Friction elements open (clutches, brakes and bearing friction released or sliding)\n\n"));
  else if (sw_modes_get_friction (modes) == SW_LINEAR_FRICTION_ENGAGED)
    g_string_append (s, _("Clutches engaged (clutches and one-way clutches locked, brakes and bearing friction "
                          "released)\n\n"));
  if (sw_modes_get_note (modes) != NULL)
    g_string_append_printf (s, _("Note: %s.\n\n"), sw_modes_get_note (modes));
  sw_cli_append_cell (s, h_mode, w_mode), g_string_append_c (s, ' ');
  sw_cli_append_cell (s, h_f, w_f), g_string_append_c (s, ' ');
  sw_cli_append_cell (s, h_omega, w_omega), g_string_append_c (s, ' ');
  sw_cli_append_cell (s, h_fd, w_fd), g_string_append_c (s, ' ');
  sw_cli_append_cell (s, h_zeta, w_zeta), g_string_append_c (s, ' ');
  sw_cli_append_cell (s, h_decay, w_decay);
  g_string_append_printf (s, "  %s\n", h_sec);
  out_string (o, s);
  for (guint i = 0; i < n; i++)
    {
      SwMode mode;
      const SwMode *m = &mode;
      g_autofree char *zeta = NULL, *fd = NULL, *decay = NULL, *sec = NULL;

      /* The most excitable section and the energy balance come with the
       * values (sw_cli_modal). */
      sw_modes_get_mode_with_values (modes, i, &mode, NULL, NULL, NULL, NULL, NULL, pot);
      balance[i] = m->energy_balance_error;
      zeta = m->has_damped && isfinite (m->damping_ratio) ? g_strdup_printf ("%.4g", m->damping_ratio) : g_strdup ("-");
      fd = m->has_damped ? g_strdup_printf ("%.6g", m->damped_frequency_hz) : g_strdup ("-");
      decay = m->has_damped ? g_strdup_printf ("%.6g", m->decay_rate_per_s) : g_strdup ("-");
      if (m->unstable)
        /* Translators: a mode whose motion grows (negative stiffness or damping), and its growth rate. */
        sec = g_strdup_printf (_("UNSTABLE: grows as exp(%.4g t), t in s"), m->growth_rate_per_s);
      else if (m->overdamped)
        /* Translators: a mode whose motion dies away without oscillating, and its decay rate. */
        sec = g_strdup_printf (_("overdamped: decays at %.4g 1/s"), m->decay_rate_per_s);
      else if (m->rigid_body)
        sec = g_strdup (_("rigid-body mode"));
      else if (m->most_excitable_section >= 0)
        {
          const char *id = sw_modes_get_section_part (modes, m->most_excitable_section)->id;

          /* Translators: a section, its share of the potential energy, “tie”: another has as much. */
          sec = m->most_excitable_is_tie ? g_strdup_printf (_("%s (%.1f %%, tie)"), id, pot[m->most_excitable_section])
                                         : g_strdup_printf ("%s (%.1f %%)", id, pot[m->most_excitable_section]);
        }
      g_string_append_printf (s, "%*u %*.6g %*.6g ", w_mode, i + 1, w_f, m->frequency_hz, w_omega, m->omega_rad_s);
      sw_cli_append_cell (s, fd, w_fd), g_string_append_c (s, ' ');
      sw_cli_append_cell (s, zeta, w_zeta), g_string_append_c (s, ' ');
      sw_cli_append_cell (s, decay, w_decay);
      g_string_append_printf (s, "  %s\n", sec != NULL ? sec : "-");
      out_string (o, s);
    }
  for (guint i = 0; i < n; i++)
    if (balance[i] > 1e-6)
      g_string_append_printf (s, _("\nwarning: mode %u: kinetic and potential energy differ by %.2g %% (the "
                                   "linearisation of a nonlinear element is poor here)\n"),
                              i + 1, 100 * balance[i]);
  out_string (o, s);
  for (guint i = 0; i < n; i++)
    {
      SwMode mode;
      const SwMode *m = &mode;

      sw_modes_get_mode_with_values (modes, i, &mode, shape, NULL, NULL, kin, NULL, pot);
      sw_format_fixed_batch (shape, nb, w_shape, 4, shape_column.fields, shape_column.ok);
      sw_format_fixed_batch (kin, nb, w_energy, 2, kin_column.fields, kin_column.ok);
      if (!m->rigid_body)
        sw_format_fixed_batch (pot, ns, w_energy, 2, pot_column.fields, pot_column.ok);
      if (m->unstable)
        g_string_append_printf (s, _("\nMode %u: unstable, grows as exp(%.4g t)\n"), i + 1, m->growth_rate_per_s);
      else
        g_string_append_printf (s, m->rigid_body ? _("\nMode %u: %.6g Hz (rigid body)\n") : _("\nMode %u: %.6g Hz\n"),
                                i + 1, m->frequency_hz);
      g_string_assign (line, "  ");
      sw_cli_append_cell (line, h_body, -w_id), g_string_append_c (line, ' ');
      sw_cli_append_cell (line, h_shape, w_shape), g_string_append_c (line, ' ');
      sw_cli_append_cell (line, h_kin, w_energy);
      g_string_append_printf (s, "%s\n", line->str);
      out_string (o, s);
      for (guint k = 0; k < nb; k++)
        {
          put_cell (o, body_cells[k], body_len[k]);
          put_fixed (o, &shape_column, shape, k);
          *o->p++ = ' ';
          put_fixed (o, &kin_column, kin, k);
          *o->p++ = '\n';
          out_check (o);
        }
      if (m->rigid_body || ns == 0)
        continue;
      g_string_assign (line, "  ");
      sw_cli_append_cell (line, h_section, -w_id), g_string_append_c (line, ' ');
      sw_cli_append_cell (line, "", w_shape), g_string_append_c (line, ' ');
      sw_cli_append_cell (line, h_pot, w_energy);
      g_string_append_printf (s, "%s\n", line->str);
      out_string (o, s);
      for (guint k = 0; k < ns; k++)
        {
          put_cell (o, section_cells[k], section_len[k]);
          memcpy (o->p, blank, w_shape + 1);
          o->p += w_shape + 1;
          put_fixed (o, &pot_column, pot, k);
          if ((int) k == m->most_excitable_section)
            memcpy (o->p, most, most_len), o->p += most_len;
          *o->p++ = '\n';
          out_check (o);
        }
    }
  column_clear (&shape_column);
  column_clear (&kin_column);
  column_clear (&pot_column);
}

void
sw_cli_modal_text (SwModes *modes, const char *name, gboolean utf8)
{
  Out out = { .utf8 = utf8 };

  modal_table (&out, modes, name);
  out_flush (&out);
  g_free (out.start);
}
