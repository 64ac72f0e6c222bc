/* sw-mode-row.c: one row of the modes table.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-mode-row.h"

#include <math.h>
#include <glib/gi18n.h>

#include "sw-modes-data.h"

#define NONE "—"

enum {
  CELL_NUMBER,
  CELL_FREQUENCY,
  CELL_RPM,
  CELL_DAMPED,
  CELL_DAMPING,
  CELL_SECTION,
  N_CELLS
};

struct _SwModeRow
{
  GObject   parent_instance;

  guint     index;
  gboolean  rigid_body;
  gboolean  overdamped;
  char     *cells[N_CELLS];   /* NULL: does not apply */
};

G_DEFINE_FINAL_TYPE (SwModeRow, sw_mode_row, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_INDEX,
  PROP_NUMBER,
  PROP_FREQUENCY,
  PROP_RPM,
  PROP_DAMPED_FREQUENCY,
  PROP_DAMPING,
  PROP_SECTION,
  PROP_RIGID_BODY,
  PROP_OVERDAMPED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
sw_mode_row_finalize (GObject *object)
{
  SwModeRow *self = SW_MODE_ROW (object);

  for (guint i = 0; i < N_CELLS; i++)
    g_free (self->cells[i]);
  G_OBJECT_CLASS (sw_mode_row_parent_class)->finalize (object);
}

static void
sw_mode_row_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  SwModeRow *self = SW_MODE_ROW (object);

  switch (prop_id)
    {
    case PROP_INDEX:
      g_value_set_uint (value, self->index);
      break;
    case PROP_NUMBER:
    case PROP_FREQUENCY:
    case PROP_RPM:
    case PROP_DAMPED_FREQUENCY:
    case PROP_DAMPING:
    case PROP_SECTION:
      {
        const char *cell = self->cells[prop_id - PROP_NUMBER];

        g_value_set_string (value, cell != NULL ? cell : NONE);
      }
      break;
    case PROP_RIGID_BODY:
      g_value_set_boolean (value, self->rigid_body);
      break;
    case PROP_OVERDAMPED:
      g_value_set_boolean (value, self->overdamped);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sw_mode_row_class_init (SwModeRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const char *names[] = { "number", "frequency", "rpm", "damped-frequency", "damping", "section" };

  object_class->finalize = sw_mode_row_finalize;
  object_class->get_property = sw_mode_row_get_property;

  properties[PROP_INDEX] = g_param_spec_uint ("index", NULL, NULL, 0, G_MAXUINT, 0,
                                              G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    properties[PROP_NUMBER + i] = g_param_spec_string (names[i], NULL, NULL, NULL,
                                                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_RIGID_BODY] = g_param_spec_boolean ("rigid-body", NULL, NULL, FALSE,
                                                      G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_OVERDAMPED] = g_param_spec_boolean ("overdamped", NULL, NULL, FALSE,
                                                      G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
sw_mode_row_init (SwModeRow *self)
{
}

/* The cells of mode index of modes, into cells (NULL where one does not apply). */
static void
format_cells (const SwModes *modes,
              guint          index,
              char          *cells[N_CELLS])
{
  const SwMode *m = sw_modes_get_mode (modes, index);
  gboolean oscillates = m->has_damped && !m->overdamped && !m->rigid_body;

  cells[CELL_NUMBER] = g_strdup_printf ("%u", index + 1);
  cells[CELL_FREQUENCY] = g_strdup_printf ("%.6g", m->frequency_hz);
  cells[CELL_RPM] = g_strdup_printf ("%.6g", 60 * m->frequency_hz);
  cells[CELL_DAMPED] = oscillates ? g_strdup_printf ("%.6g", m->damped_frequency_hz) : NULL;
  cells[CELL_DAMPING] = oscillates && isfinite (m->damping_ratio) ? g_strdup_printf ("%.4g", m->damping_ratio) : NULL;
  cells[CELL_SECTION] = NULL;

  if (m->unstable)
    /* Translators: a mode whose motion grows (negative stiffness or damping), and its growth rate. */
    cells[CELL_SECTION] = g_strdup_printf (_("UNSTABLE: grows as exp(%.4g t), t in s"), m->growth_rate_per_s);
  else if (m->overdamped)
    /* Translators: a mode whose motion dies away without oscillating, and its decay rate. */
    cells[CELL_SECTION] = g_strdup_printf (_("overdamped: decays at %.4g 1/s"), m->decay_rate_per_s);
  else if (m->rigid_body)
    cells[CELL_SECTION] = g_strdup (_("rigid-body mode"));
  else if (m->most_excitable_section >= 0)
    {
      guint ns = sw_modes_get_n_sections (modes);
      g_autofree double *pot = g_new (double, MAX (ns, 1));
      const char *id = sw_modes_get_section_part (modes, m->most_excitable_section)->id;
      g_autofree char *share = NULL;

      sw_modes_get_mode_values (modes, index, NULL, NULL, NULL, NULL, NULL, pot);
      share = sw_modes_format_share (pot[m->most_excitable_section]);
      cells[CELL_SECTION] = m->most_excitable_is_tie
        /* Translators: a section, its share of the potential energy (“12.5 %”), “tie”: another has as much. */
        ? g_strdup_printf (_("%s (%s, tie)"), id, share)
        : g_strdup_printf ("%s (%s)", id, share);
    }
}

SwModeRow *
sw_mode_row_new (const SwModes *modes,
                 guint          index)
{
  SwModeRow *self;

  g_return_val_if_fail (modes != NULL, NULL);
  g_return_val_if_fail (index < sw_modes_get_n_modes (modes), NULL);

  self = g_object_new (SW_TYPE_MODE_ROW, NULL);
  self->index = index;
  self->rigid_body = sw_modes_get_mode (modes, index)->rigid_body;
  self->overdamped = sw_modes_get_mode (modes, index)->overdamped;
  format_cells (modes, index, self->cells);
  return self;
}

void
sw_mode_row_update (SwModeRow     *self,
                    const SwModes *modes)
{
  const SwMode *m;
  char *cells[N_CELLS];

  g_return_if_fail (SW_IS_MODE_ROW (self));
  g_return_if_fail (modes != NULL && self->index < sw_modes_get_n_modes (modes));

  m = sw_modes_get_mode (modes, self->index);
  format_cells (modes, self->index, cells);
  g_object_freeze_notify (G_OBJECT (self));
  for (guint i = 0; i < N_CELLS; i++)
    {
      if (g_strcmp0 (cells[i], self->cells[i]) != 0)
        g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NUMBER + i]);
      g_free (self->cells[i]);
      self->cells[i] = cells[i];
    }
  if (self->rigid_body != m->rigid_body)
    {
      self->rigid_body = m->rigid_body;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RIGID_BODY]);
    }
  if (self->overdamped != m->overdamped)
    {
      self->overdamped = m->overdamped;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OVERDAMPED]);
    }
  g_object_thaw_notify (G_OBJECT (self));
}

guint
sw_mode_row_get_index (SwModeRow *self)
{
  g_return_val_if_fail (SW_IS_MODE_ROW (self), 0);
  return self->index;
}

char *
sw_mode_row_dup_tsv (SwModeRow *self)
{
  GString *s;

  g_return_val_if_fail (SW_IS_MODE_ROW (self), NULL);

  s = g_string_new (NULL);
  for (guint i = 0; i < N_CELLS; i++)
    {
      if (i > 0)
        g_string_append_c (s, '\t');
      if (self->cells[i] != NULL)
        g_string_append (s, self->cells[i]);
    }
  return g_string_free (s, FALSE);
}
