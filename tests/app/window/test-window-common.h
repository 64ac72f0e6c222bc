/* test-window-common.h: helpers of the window's test programs
 * (test-window-*.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "sw-window.h"

G_BEGIN_DECLS

/* Runs what is pending in the main context. */
void      iterate                  (void);
/* Spins the main loop until no job runs, at most timeout_s. */
gboolean  wait_until_idle          (SwWindow   *window,
                                    double      timeout_s);
/* Spins the main loop until the window has shown more than n runs. */
gboolean  wait_for_runs            (SwWindow   *window,
                                    guint       n,
                                    double      timeout_s);
void      spin                     (double      seconds);
SwWindow *window_new               (void);
/* Destroys the window and checks that it and its model are finalized. */
void      window_destroy_and_check (SwWindow   *window);
/* The actionable widgets below widget bound to action_name, into found. */
void      find_actionables         (GtkWidget  *widget,
                                    const char *action_name,
                                    GPtrArray  *found);
/* Whether the button bound to the action is sensitive. */
gboolean  action_button_sensitive  (SwWindow   *window,
                                    const char *action_name);
/* A copy of a bundled example in a new temporary folder (*dir_out). */
char     *copy_example_to_temp     (const char  *name,
                                    char       **dir_out);
SwWindow *window_with_file         (const char *path);
/* The window as it looks, into a PNG file. */
void      save_window_png          (SwWindow   *window,
                                    const char *path);
/* The program: a home of its own, GTK (or a skip without a display, a
 * failure under CI), then the tests add_tests adds. */
int       test_window_run          (int          argc,
                                    char       **argv,
                                    const char  *program,
                                    void       (*add_tests) (void));

/* The AdwMessageDialog (or other window) transient for window, or NULL. */
GtkWindow *find_transient          (SwWindow    *window,
                                    GType        type);
/* What a click on a response button does: respond, then close. */
void      respond                  (GtkWindow   *dialog,
                                    const char  *response);
/* The value of parameter param of component id. */
double    get_param                (SwModel     *model,
                                    const char  *id,
                                    const char  *param);
/* Whether the NULL-terminated strv (or NULL) holds name. */
gboolean  strv_has                 (char       **strv,
                                    const char  *name);
/* Spins the main loop until the view's "busy" is FALSE, at most timeout_s. */
gboolean  wait_not_busy            (GObject     *view,
                                    double       timeout_s);
/* A "notify" handler (connected swapped) that counts into *n. */
void      count_notify             (guint       *n);
/* The menus of the menu buttons below widget, into menus. */
void      collect_menus            (GtkWidget   *widget,
                                    GPtrArray   *menus);
/* The string targets of action_name in a menu, its sections and submenus,
 * into targets (which frees them). */
void      collect_targets          (GMenuModel  *menu,
                                    const char  *action_name,
                                    GPtrArray   *targets);
/* Whether an array of strings holds text. */
gboolean  ptr_array_has_string     (GPtrArray   *array,
                                    const char  *text);

G_END_DECLS
