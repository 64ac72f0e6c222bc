/* sw-inspector-number-row.h: a row for one number: title, entry and unit,
 * checked as you type.
 *
 * The text is parsed with g_ascii_strtod (a decimal comma is taken as a
 * point); text that is not a number, or a number outside the range, gives
 * the row the "error" style and a tooltip saying what is valid
 * ("J ≥ 0 kg·m²"). Enter or moving the focus away emits "committed" with
 * the value, once per edit, and only for a valid one. Values from the model
 * (sw_inspector_number_row_show_value()) never overwrite an edit the user
 * has not committed yet.
 *
 * Tuning: dragging the handle beside the value sideways changes it by 1 %
 * every 4 pixels (relative steps, so 0.5 → 0.505, and a value spanning
 * decades moves on a logarithmic scale); the scroll wheel over the handle
 * or the focused value, and Up/Down in the value, step by 1 % a notch;
 * Shift makes a step 10 %. Steps stay within the range; zero stays zero
 * unless tuned up (it then starts from the "tune origin"). Every step is
 * "committed" at once (so the model re-simulates as it moves); a drag is
 * bracketed by "tune-begin" and "tune-end" for whoever groups it into one
 * undo step.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define SW_TYPE_INSPECTOR_NUMBER_ROW (sw_inspector_number_row_get_type ())
G_DECLARE_FINAL_TYPE (SwInspectorNumberRow, sw_inspector_number_row, SW, INSPECTOR_NUMBER_ROW, AdwActionRow)

/* Signals "committed" (double value), "tune-begin", "tune-end". Property
 * "value" (read-only): what the text stands for, NAN while it is invalid or
 * empty.
 *
 * Values in and out (show_value, "value", "committed", the range) are in
 * the row's own unit, the one it was made with; the text, the unit label
 * and the message about the range may be in another one
 * (sw_inspector_number_row_set_display_unit()). */
GtkWidget *sw_inspector_number_row_new          (const char           *title,
                                                 const char           *symbol,
                                                 const char           *unit);
void       sw_inspector_number_row_set_range    (SwInspectorNumberRow *self,
                                                 double                min,
                                                 double                max,
                                                 gboolean              min_exclusive,
                                                 gboolean              max_exclusive);
void       sw_inspector_number_row_set_integer  (SwInspectorNumberRow *self,
                                                 gboolean              integer);
/* An empty text is valid (value NAN); empty_hint is shown in the entry. */
void       sw_inspector_number_row_set_optional (SwInspectorNumberRow *self,
                                                 const char           *empty_hint);
/* The tooltip while the text is valid. */
void       sw_inspector_number_row_set_help     (SwInspectorNumberRow *self,
                                                 const char           *help);
/* The entry, for whoever types into it (tests). */
GtkEditable *sw_inspector_number_row_get_editable (SwInspectorNumberRow *self);
/* Shows and reads the text in unit (descriptor spelling: "rpm", "deg"),
 * of which one is scale of the row's own unit (2π/60 for rpm in a rad/s
 * row). The value stays: a valid text is written anew in the new unit,
 * also while an edit is pending. Scale 1 and the own unit go back. */
void       sw_inspector_number_row_set_display_unit (SwInspectorNumberRow *self,
                                                     const char           *unit,
                                                     double                scale);
/* Shows a value from outside (NAN: empty) unless an edit is pending. */
void       sw_inspector_number_row_show_value   (SwInspectorNumberRow *self,
                                                 double                value);
double     sw_inspector_number_row_get_value    (SwInspectorNumberRow *self);
gboolean   sw_inspector_number_row_get_valid    (SwInspectorNumberRow *self);
/* The user changed the text and it was not committed yet (or the commit
 * was refused). */
gboolean   sw_inspector_number_row_get_pending  (SwInspectorNumberRow *self);
/* The pending edit was taken another way (with other rows): shows values
 * from outside again. */
void       sw_inspector_number_row_clear_pending (SwInspectorNumberRow *self);
/* Emits "committed" if an edit is pending and valid. */
void       sw_inspector_number_row_commit       (SwInspectorNumberRow *self);
/* A refusal from whoever took the value (the model's message), or NULL to
 * clear it; the row keeps the text and shows the error. */
void       sw_inspector_number_row_set_error    (SwInspectorNumberRow *self,
                                                 const char           *message);

/* Tuning (see above). notches > 0 up, < 0 down, 1 % a notch (large: 10 %);
 * commits the new value. FALSE when nothing changed (no valid value, at a
 * limit, zero tuned down). */
gboolean   sw_inspector_number_row_tune         (SwInspectorNumberRow *self,
                                                 int                   notches,
                                                 gboolean              large);
/* Where tuning up from zero starts, in the row's own unit (> 0; by
 * default 0.01 of the unit shown). */
void       sw_inspector_number_row_set_tune_origin (SwInspectorNumberRow *self,
                                                    double                origin);
/* The handle's drag, for the gesture and for tests: begin emits
 * "tune-begin", update takes the offset in pixels from where the drag
 * began, end emits "tune-end". */
void       sw_inspector_number_row_drag_begin   (SwInspectorNumberRow *self);
void       sw_inspector_number_row_drag_update  (SwInspectorNumberRow *self,
                                                 double                dx,
                                                 gboolean              large);
void       sw_inspector_number_row_drag_end     (SwInspectorNumberRow *self);

/* Helpers shared by the inspector's rows. */

/* A unit as written in the descriptors ("kg.m2", "N.m/rad", "deg") for
 * display ("kg·m²", "N·m/rad", "°"). */
char      *sw_inspector_dup_unit_text           (const char           *unit);
/* The unit a value in a descriptor's unit is shown in under the
 * preferences speed_unit ("rad/s", "rpm") and angle_unit ("rad", "deg"):
 * exactly "rad/s" as "rpm", exactly "rad" as "deg" when so chosen, any
 * other unit as itself. scale (may be NULL): how many of the descriptor's
 * unit one shown unit is (2π/60, π/180, else 1). */
const char *sw_inspector_display_unit           (const char           *unit,
                                                 const char           *speed_unit,
                                                 const char           *angle_unit,
                                                 double               *scale);
/* What is valid, e.g. "J ≥ 0 kg·m²", "0 < width ≤ 100 %", "any number". */
char      *sw_inspector_dup_range_text          (const char           *symbol,
                                                 const char           *unit,
                                                 double                min,
                                                 double                max,
                                                 gboolean              min_exclusive,
                                                 gboolean              max_exclusive);
/* %g without a locale and with a short exponent: "0.1", "1e-6", "8e10". */
char      *sw_inspector_format_number           (double                value);
/* Parses what a user typed: surrounding space is ignored, a comma is a
 * decimal point, "−" is a minus. FALSE unless the whole text is one finite
 * number. */
gboolean   sw_inspector_parse_number            (const char           *text,
                                                 double               *value);

G_END_DECLS
