/* sw-modes-data.h: what the modes view and the canvas read from an SwModes
 * besides its numbers: the order of the bodies and sections along the
 * drivetrain, how far each component moves in a mode, and the sequential
 * colour scale that energy shares are shown on, and their text. No GTK.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "sw-modes.h"

G_BEGIN_DECLS

/* The colour-blind-safe sequential scale (viridis-like: dark purple, blue,
 * green, yellow; lightness grows monotonically) at t in 0 … 1, clamped;
 * NAN gives the low end. RGB in 0 … 1. */
void   sw_modes_scale_colour       (double          t,
                                    double          rgb[3]);

/* The drivetrain order: bodies and sections as they follow one another
 * through the nodes they share (supports left out). SwModes knows its
 * bodies and sections, not the massless parts between them (gears,
 * sources), so a drivetrain split by a gear is walked piece by piece: the
 * pieces in file order, each from the end of its longest chain that comes
 * first in the file, branches one after the other. body_order gets the
 * n_bodies body indices, section_order the n_sections section indices;
 * either may be NULL. */
void   sw_modes_get_drivetrain_order (const SwModes *modes,
                                      guint         *body_order,
                                      guint         *section_order);

/* How far each section moves in a mode, for animations: the mean of the
 * shape values of the bodies that share its nodes (0 when none does).
 * body_shape holds the mode's n_bodies shape values; section_shape gets
 * n_sections values. */
void   sw_modes_get_section_shapes (const SwModes  *modes,
                                    const double   *body_shape,
                                    double         *section_shape);

/* An energy share in percent as text: one decimal from 1 % up, two
 * significant digits below (0.034 %, so a share on a long chain does not
 * read "0.0 %"), "0 %" for none, "< 0.0001 %" below that. */
char  *sw_modes_format_share       (double          percent);

/* A name for a chart's axis in at most max_chars characters: a longer one
 * keeps its start and its end around an ellipsis ("disc_39" in 6: "dis…39"),
 * since the names of a chain differ at the end. NULL reads as "". */
char  *sw_modes_shorten_label      (const char     *text,
                                    guint           max_chars);

G_END_DECLS
