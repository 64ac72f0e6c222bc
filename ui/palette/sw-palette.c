/* sw-palette.c: the catalogue of component kinds, grouped, with a search.
 *
 * One GtkListBoxRow per kind, made once from the catalogue; the search only
 * filters them (label, name and group, case-insensitive, every word must
 * match somewhere) and the header function puts a group title above the
 * first visible row of each group, so that empty groups disappear.
 *
 * A row: the symbol, the name (wrapped at word boundaries, never cut off;
 * the whole name is in the tooltip too) and a tag for the
 * domain of the kind's flanges ("rot", blue; "trans", orange; both for the
 * couplings), so that the rotational and translational Speed, Position
 * and Accelerate sources tell apart.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-palette.h"

#include <string.h>

#include <glib/gi18n.h>

#include "sw-kind.h"
#include "sw-model.h"
#include "sw-palette-symbol.h"

#define DRAG_PREFIX   "shaftwork-kind:"
#define LIBRARY_DRAG_PREFIX "shaftwork-subsystem:"
#define SYMBOL_WIDTH  40
#define SYMBOL_HEIGHT 28

struct _SwPalette
{
  GtkWidget   parent_instance;

  GtkWidget  *search_entry;
  GtkWidget  *scroller;
  GtkListBox *list;

  GPtrArray  *library_rows;   /* the library's rows, in the list's end */
  char       *search_text;    /* never NULL */
  char      **search_words;   /* casefolded, never NULL */
  gboolean    syncing_entry;  /* the entry's text is being set from search_text */
};

G_DEFINE_FINAL_TYPE (SwPalette, sw_palette, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_SEARCH_TEXT,
  N_PROPS
};

enum {
  KIND_ACTIVATED,
  PLACE_KIND,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* The groups in the order they are shown; kinds of a group not listed here
 * follow at the end under their own (untranslated) group name. */
static const struct {
  const char *name;    /* as in SwKind.group */
  const char *label;
} groups[] = {
  { "Rotational", N_("Rotational") },
  { "Translational", N_("Translational") },
  { "Transmission", N_("Transmission") },
  { "Friction and clutches", N_("Friction and clutches") },
  { "Engines and loads", N_("Engines and loads") },
  { "Sensors", N_("Sensors") },
  { "Sources", N_("Sources") },
  { "Subsystems", N_("Subsystem library") },
};

static GQuark kind_quark;
static GQuark key_quark;
static GQuark path_quark;    /* a library row's file */

static char *row_dup_name (GtkListBoxRow *row);

static const char *
group_label (const char *group)
{
  for (guint i = 0; i < G_N_ELEMENTS (groups); i++)
    if (g_strcmp0 (groups[i].name, group) == 0)
      return _(groups[i].label);
  return group != NULL ? group : "";
}

static const SwKind *
row_get_kind (GtkListBoxRow *row)
{
  return g_object_get_qdata (G_OBJECT (row), kind_quark);
}

/* The non-empty words of text, split at white space. */
static char **
split_words (const char *text)
{
  g_auto(GStrv) parts = g_strsplit_set (text, " \t\n", -1);
  GPtrArray *words = g_ptr_array_new ();

  for (guint i = 0; parts[i] != NULL; i++)
    if (parts[i][0] != '\0')
      g_ptr_array_add (words, g_strdup (parts[i]));
  g_ptr_array_add (words, NULL);
  return (char **) g_ptr_array_free (words, FALSE);
}

static gboolean
row_matches (GtkListBoxRow *row,
             char         **words)
{
  const char *key = g_object_get_qdata (G_OBJECT (row), key_quark);

  for (guint i = 0; words[i] != NULL; i++)
    if (strstr (key, words[i]) == NULL)
      return FALSE;
  return TRUE;
}

static gboolean
filter_func (GtkListBoxRow *row,
             gpointer       user_data)
{
  SwPalette *self = user_data;

  return row_matches (row, self->search_words);
}

static void
header_func (GtkListBoxRow *row,
             GtkListBoxRow *before,
             gpointer       user_data)
{
  const SwKind *kind = row_get_kind (row);
  GtkWidget *header;

  if (before != NULL && g_strcmp0 (row_get_kind (before)->group, kind->group) == 0)
    {
      gtk_list_box_row_set_header (row, NULL);
      return;
    }

  header = gtk_list_box_row_get_header (row);
  if (header == NULL)
    {
      header = gtk_label_new (group_label (kind->group));
      gtk_label_set_xalign (GTK_LABEL (header), 0);
      gtk_widget_add_css_class (header, "heading");
      gtk_widget_set_margin_start (header, 12);
      gtk_widget_set_margin_end (header, 12);
      gtk_widget_set_margin_bottom (header, 6);
      gtk_list_box_row_set_header (row, header);
    }
  /* Space above every group but the first. */
  gtk_widget_set_margin_top (header, before != NULL ? 18 : 6);
}

/* The domains of the kind's flanges. */
static void
kind_domains (const SwKind *kind,
              gboolean     *rotational,
              gboolean     *translational)
{
  *rotational = *translational = FALSE;
  for (guint p = 0; p < kind->n_ports; p++)
    {
      if (kind->ports[p].domain == SW_DOMAIN_ROTATIONAL)
        *rotational = TRUE;
      else
        *translational = TRUE;
    }
}

static GtkWidget *
create_domain_tag (SwDomain domain)
{
  gboolean rot = domain == SW_DOMAIN_ROTATIONAL;
  /* TRANSLATORS: short tags for the domain of a component in the palette */
  GtkWidget *tag = gtk_label_new (rot ? C_("domain", "rot") : C_("domain", "trans"));

  gtk_widget_add_css_class (tag, "domain-tag");
  gtk_widget_add_css_class (tag, rot ? "rotational" : "translational");
  gtk_widget_set_valign (tag, GTK_ALIGN_CENTER);
  gtk_widget_set_name (tag, rot ? "domain-rotational" : "domain-translational");
  gtk_accessible_update_property (GTK_ACCESSIBLE (tag),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, rot ? _("Rotational") : _("Translational"),
                                  -1);
  return tag;
}

static GdkContentProvider *
drag_prepare_cb (GtkDragSource *source,
                 double         x,
                 double         y,
                 gpointer       user_data)
{
  GtkWidget *row = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source));
  const char *path = g_object_get_qdata (G_OBJECT (row), path_quark);
  const SwKind *kind = user_data;
  g_autofree char *text = path != NULL ? g_strconcat (LIBRARY_DRAG_PREFIX, path, NULL)
                                       : g_strconcat (DRAG_PREFIX, kind->name, NULL);

  return gdk_content_provider_new_typed (G_TYPE_STRING, text);
}

static void
drag_begin_cb (GtkDragSource *source,
               GdkDrag       *drag,
               gpointer       user_data)
{
  GtkWidget *symbol = user_data;
  g_autoptr(GdkPaintable) icon = gtk_widget_paintable_new (symbol);

  gtk_drag_source_set_icon (source, icon, SYMBOL_WIDTH / 2, SYMBOL_HEIGHT / 2);
}

/* Text as the search compares it: case folded, without the soft hyphens
 * (U+00AD) a translation marks the breaks of a long word with, so that
 * "geschwindigkeitssensor" finds "Relativgeschwindigkeitssensor". */
static char *
dup_search_key (const char *text)
{
  g_autofree char *folded = g_utf8_casefold (text, -1);
  GString *key = g_string_sized_new (strlen (folded));

  for (const char *p = folded; *p != '\0'; p = g_utf8_next_char (p))
    if (g_utf8_get_char (p) != 0x00AD)
      g_string_append_len (key, p, g_utf8_next_char (p) - p);
  return g_string_free (key, FALSE);
}

static GtkWidget *
create_row (const SwKind *kind)
{
  g_autofree char *tooltip = NULL;
  g_autofree char *key = NULL;
  g_autofree char *folded = NULL;
  g_autofree char *accessible = NULL;
  GtkDragSource *drag;
  GtkWidget *row, *box, *symbol, *label, *tags;
  const char *help = kind->help != NULL ? _(kind->help) : "";
  gboolean rotational, translational;

  row = gtk_list_box_row_new ();
  gtk_widget_set_name (row, kind->name);
  g_object_set_qdata_full (G_OBJECT (row), kind_quark, (gpointer) sw_kind_ref (kind), (GDestroyNotify) sw_kind_unref);

  key = g_strjoin ("\n", _(kind->label), kind->label, kind->name,
                   group_label (kind->group), kind->group != NULL ? kind->group : "", NULL);
  folded = dup_search_key (key);
  g_object_set_qdata_full (G_OBJECT (row), key_quark, g_steal_pointer (&folded), g_free);

  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  symbol = sw_palette_symbol_new (kind, SYMBOL_WIDTH, SYMBOL_HEIGHT);
  gtk_box_append (GTK_BOX (box), symbol);
  /* Long names wrap between words, never cut off: the palette is at least
   * as wide as the longest word needs. */
  label = gtk_label_new (_(kind->label));
  gtk_widget_set_name (label, "name");
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  /* A word longer than the row (a German compound without the soft
   * hyphens of its translation) breaks inside rather than widen the
   * palette. */
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 22);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), label);

  kind_domains (kind, &rotational, &translational);
  /* One above the other for the couplings: narrow, so the name keeps the
   * room. */
  tags = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_widget_set_valign (tags, GTK_ALIGN_CENTER);
  if (rotational)
    gtk_box_append (GTK_BOX (tags), create_domain_tag (SW_DOMAIN_ROTATIONAL));
  if (translational)
    gtk_box_append (GTK_BOX (tags), create_domain_tag (SW_DOMAIN_TRANSLATIONAL));
  gtk_box_append (GTK_BOX (box), tags);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);

  tooltip = g_markup_printf_escaped ("<b>%s</b>\n%s\n<small><tt>%s</tt></small>", _(kind->label), help, kind->name);
  gtk_widget_set_tooltip_markup (row, tooltip);
  /* TRANSLATORS: a component kind and its domain(s), for screen readers:
   * "Speed, rotational" */
  accessible = g_strdup_printf (_("%s, %s"), _(kind->label),
                                rotational && translational ? _("rotational and translational")
                                : rotational ? _("rotational") : _("translational"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (row),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, accessible,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, help,
                                  -1);

  drag = gtk_drag_source_new ();
  gtk_drag_source_set_actions (drag, GDK_ACTION_COPY);
  g_signal_connect (drag, "prepare", G_CALLBACK (drag_prepare_cb), (gpointer) kind);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin_cb), symbol);
  gtk_widget_add_controller (row, GTK_EVENT_CONTROLLER (drag));

  return row;
}

static void
add_group (SwPalette  *self,
           const char *group)
{
  guint n_kinds = 0;
  const SwKind *const *kinds = sw_catalog_get_kinds (&n_kinds);

  for (guint i = 0; i < n_kinds; i++)
    if (g_strcmp0 (kinds[i]->group, group) == 0)
      gtk_list_box_append (self->list, create_row (kinds[i]));
}

static gboolean
is_known_group (const char *group)
{
  for (guint i = 0; i < G_N_ELEMENTS (groups); i++)
    if (g_strcmp0 (groups[i].name, group) == 0)
      return TRUE;
  return FALSE;
}

static void
populate (SwPalette *self)
{
  g_autoptr(GPtrArray) others = g_ptr_array_new ();
  guint n_kinds = 0;
  const SwKind *const *kinds = sw_catalog_get_kinds (&n_kinds);

  for (guint i = 0; i < G_N_ELEMENTS (groups); i++)
    add_group (self, groups[i].name);

  for (guint i = 0; i < n_kinds; i++)
    {
      const char *group = kinds[i]->group;

      if (!is_known_group (group) && !g_ptr_array_find_with_equal_func (others, group, g_str_equal, NULL))
        g_ptr_array_add (others, (gpointer) group);
    }
  for (guint i = 0; i < others->len; i++)
    add_group (self, g_ptr_array_index (others, i));
}

static void
row_activated_cb (GtkListBox    *list,
                  GtkListBoxRow *row,
                  SwPalette     *self)
{
  g_autofree char *name = row_dup_name (row);

  g_signal_emit (self, signals[KIND_ACTIVATED], 0, name);
}

/* How well the search names the row's kind: its label the search itself
 * (2), holding every word (1), or only its name or group does (0):
 * "clutch" is the Clutch, not the first of "Friction and clutches". */
static int
row_rank (GtkListBoxRow *row,
          const char    *search,
          char         **words)
{
  const SwKind *kind = row_get_kind (row);
  g_autofree char *label = dup_search_key (_(kind->label));

  if (strcmp (label, search) == 0)
    return 2;
  for (guint i = 0; words[i] != NULL; i++)
    if (strstr (label, words[i]) == NULL)
      return 0;
  return 1;
}

/* The visible row the search names best, the first of equals. */
static GtkListBoxRow *
best_visible_row (SwPalette *self)
{
  g_autofree char *search = g_strjoinv (" ", self->search_words);
  GtkListBoxRow *best = NULL;
  int best_rank = -1;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->list));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_BOX_ROW (child) && row_matches (GTK_LIST_BOX_ROW (child), self->search_words))
      {
        int rank = row_rank (GTK_LIST_BOX_ROW (child), search, self->search_words);

        if (rank > best_rank)
          {
            best = GTK_LIST_BOX_ROW (child);
            best_rank = rank;
          }
      }
  return best;
}

static void
search_changed_cb (GtkSearchEntry *entry,
                   SwPalette      *self)
{
  /* Setting the text deletes the old one first, which reports an empty
   * search right away: not what was asked for. */
  if (self->syncing_entry)
    return;
  sw_palette_set_search_text (self, gtk_editable_get_text (GTK_EDITABLE (entry)));
}

/* Enter in the search field places the best match at once ("place-kind";
 * "kind-activated" when nobody listens to that). */
static void
search_activate_cb (GtkSearchEntry *entry,
                    SwPalette      *self)
{
  g_autofree char *name = NULL;
  GtkListBoxRow *row;

  sw_palette_set_search_text (self, gtk_editable_get_text (GTK_EDITABLE (entry)));
  row = best_visible_row (self);
  if (row == NULL)
    return;
  name = row_dup_name (row);
  if (g_signal_has_handler_pending (self, signals[PLACE_KIND], 0, FALSE))
    g_signal_emit (self, signals[PLACE_KIND], 0, name);
  else
    g_signal_emit (self, signals[KIND_ACTIVATED], 0, name);
}

static void
stop_search_cb (GtkSearchEntry *entry,
                SwPalette      *self)
{
  sw_palette_set_search_text (self, "");
}

static void
sw_palette_dispose (GObject *object)
{
  SwPalette *self = SW_PALETTE (object);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  self->search_entry = NULL;
  self->scroller = NULL;
  self->list = NULL;

  G_OBJECT_CLASS (sw_palette_parent_class)->dispose (object);
}

static void
sw_palette_finalize (GObject *object)
{
  SwPalette *self = SW_PALETTE (object);

  g_clear_pointer (&self->search_text, g_free);
  g_clear_pointer (&self->search_words, g_strfreev);
  g_clear_pointer (&self->library_rows, g_ptr_array_unref);

  G_OBJECT_CLASS (sw_palette_parent_class)->finalize (object);
}

static void
sw_palette_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  SwPalette *self = SW_PALETTE (object);

  switch (prop_id)
    {
    case PROP_SEARCH_TEXT:
      g_value_set_string (value, self->search_text);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sw_palette_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  SwPalette *self = SW_PALETTE (object);

  switch (prop_id)
    {
    case PROP_SEARCH_TEXT:
      sw_palette_set_search_text (self, g_value_get_string (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sw_palette_class_init (SwPaletteClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sw_palette_dispose;
  object_class->finalize = sw_palette_finalize;
  object_class->get_property = sw_palette_get_property;
  object_class->set_property = sw_palette_set_property;

  /**
   * SwPalette:search-text:
   *
   * What the kinds are filtered by; "" shows them all.
   */
  properties[PROP_SEARCH_TEXT] =
    g_param_spec_string ("search-text", NULL, NULL,
                         "",
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * SwPalette::kind-activated:
   * @palette: the palette
   * @kind_name: the name of the kind, "rotational.inertia"
   *
   * A row was clicked or Enter was pressed on it (or in the search field,
   * which takes the first match, when nobody listens to "place-kind"):
   * the window starts a click-to-place on the canvas.
   */
  signals[KIND_ACTIVATED] =
    g_signal_new ("kind-activated",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0,
                  NULL, NULL,
                  NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);

  /**
   * SwPalette::place-kind:
   * @palette: the palette
   * @kind_name: the name of the kind, "rotational.inertia"
   *
   * Enter in the search field: the first match is to be placed at once,
   * at the centre of the canvas's view (sw_canvas_place_kind_at_center()).
   */
  signals[PLACE_KIND] =
    g_signal_new ("place-kind",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0,
                  NULL, NULL,
                  NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "swpalette");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);

  kind_quark = g_quark_from_static_string ("sw-palette-kind");
  key_quark = g_quark_from_static_string ("sw-palette-search-key");
  path_quark = g_quark_from_static_string ("sw-palette-library-path");
}

/* The domain tags: filled, white on blue or orange, which read the same in
 * the light and the dark style (and differ for colour-blind eyes too). */
static const char palette_css[] =
  "swpalette .domain-tag {"
  "  font-size: 0.7em; font-weight: bold; color: white;"
  "  border-radius: 4px; padding: 0 4px; min-width: 24px;"
  "}"
  "swpalette .domain-tag.rotational { background-color: #1c71d8; }"
  "swpalette .domain-tag.translational { background-color: #c64600; }";

static void
ensure_css (GtkWidget *widget)
{
  static GQuark done_quark;
  GdkDisplay *display = gtk_widget_get_display (widget);
  g_autoptr(GtkCssProvider) provider = NULL;

  if (done_quark == 0)
    done_quark = g_quark_from_static_string ("sw-palette-css");
  if (display == NULL || g_object_get_qdata (G_OBJECT (display), done_quark) != NULL)
    return;
  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_data (provider, palette_css, -1);
  gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  g_object_set_qdata (G_OBJECT (display), done_quark, GINT_TO_POINTER (1));
}

static void
sw_palette_init (SwPalette *self)
{
  GtkWidget *placeholder;

  ensure_css (GTK_WIDGET (self));

  self->search_text = g_strdup ("");
  self->search_words = g_new0 (char *, 1);
  self->library_rows = g_ptr_array_new ();

  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);

  self->search_entry = gtk_search_entry_new ();
  g_object_set (self->search_entry, "placeholder-text", _("Search components"), NULL);
  gtk_widget_set_margin_start (self->search_entry, 6);
  gtk_widget_set_margin_end (self->search_entry, 6);
  gtk_widget_set_margin_top (self->search_entry, 6);
  gtk_widget_set_margin_bottom (self->search_entry, 6);
  gtk_widget_set_parent (self->search_entry, GTK_WIDGET (self));
  g_signal_connect (self->search_entry, "search-changed", G_CALLBACK (search_changed_cb), self);
  g_signal_connect (self->search_entry, "activate", G_CALLBACK (search_activate_cb), self);
  g_signal_connect (self->search_entry, "stop-search", G_CALLBACK (stop_search_cb), self);

  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_NONE);
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "navigation-sidebar");
  gtk_list_box_set_filter_func (self->list, filter_func, self, NULL);
  gtk_list_box_set_header_func (self->list, header_func, self, NULL);
  g_signal_connect (self->list, "row-activated", G_CALLBACK (row_activated_cb), self);

  placeholder = gtk_label_new (_("No matching components"));
  gtk_widget_add_css_class (placeholder, "dim-label");
  gtk_widget_set_margin_top (placeholder, 24);
  gtk_widget_set_margin_bottom (placeholder, 24);
  gtk_label_set_wrap (GTK_LABEL (placeholder), TRUE);
  gtk_list_box_set_placeholder (self->list, placeholder);

  populate (self);

  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller),
                                  GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (self->scroller), TRUE);
  gtk_widget_set_vexpand (self->scroller, TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), GTK_WIDGET (self->list));
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));

  /* Typing anywhere in the palette goes into the search. */
  gtk_search_entry_set_key_capture_widget (GTK_SEARCH_ENTRY (self->search_entry), GTK_WIDGET (self));
}

/**
 * sw_palette_new:
 *
 * Returns: (transfer floating): a new palette showing every kind.
 */
GtkWidget *
sw_palette_new (void)
{
  return g_object_new (SW_TYPE_PALETTE, NULL);
}

const char *
sw_palette_get_search_text (SwPalette *palette)
{
  g_return_val_if_fail (SW_IS_PALETTE (palette), NULL);

  return palette->search_text;
}

void
sw_palette_set_search_text (SwPalette  *palette,
                            const char *text)
{
  g_autofree char *folded = NULL;

  g_return_if_fail (SW_IS_PALETTE (palette));

  if (text == NULL)
    text = "";
  if (strcmp (palette->search_text, text) == 0)
    return;

  g_free (palette->search_text);
  palette->search_text = g_strdup (text);

  folded = g_utf8_casefold (text, -1);
  g_strfreev (palette->search_words);
  palette->search_words = split_words (folded);

  if (strcmp (gtk_editable_get_text (GTK_EDITABLE (palette->search_entry)), text) != 0)
    {
      palette->syncing_entry = TRUE;
      gtk_editable_set_text (GTK_EDITABLE (palette->search_entry), text);
      palette->syncing_entry = FALSE;
    }

  gtk_list_box_invalidate_filter (palette->list);
  gtk_list_box_invalidate_headers (palette->list);

  g_object_notify_by_pspec (G_OBJECT (palette), properties[PROP_SEARCH_TEXT]);
}

gboolean
sw_palette_focus_search (SwPalette *palette)
{
  g_return_val_if_fail (SW_IS_PALETTE (palette), FALSE);

  if (!gtk_widget_grab_focus (palette->search_entry))
    return FALSE;
  gtk_editable_select_region (GTK_EDITABLE (palette->search_entry), 0, -1);
  return TRUE;
}

guint
sw_palette_get_n_visible (SwPalette *palette)
{
  guint n = 0;

  g_return_val_if_fail (SW_IS_PALETTE (palette), 0);

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (palette->list));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_BOX_ROW (child) && row_matches (GTK_LIST_BOX_ROW (child), palette->search_words))
      n++;
  return n;
}

/* The name a row stands for in "kind-activated" and "place-kind": its
 * kind's, or "subsystem:FILE" for a library's. */
static char *
row_dup_name (GtkListBoxRow *row)
{
  const char *path = g_object_get_qdata (G_OBJECT (row), path_quark);

  return path != NULL ? g_strconcat ("subsystem:", path, NULL) : g_strdup (row_get_kind (row)->name);
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return g_utf8_collate (*(const char *const *) a, *(const char *const *) b);
}

guint
sw_palette_set_library_folder (SwPalette  *self,
                               const char *folder)
{
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GDir) dir = NULL;
  const char *name;

  g_return_val_if_fail (SW_IS_PALETTE (self), 0);

  for (guint i = 0; i < self->library_rows->len; i++)
    gtk_list_box_remove (self->list, g_ptr_array_index (self->library_rows, i));
  g_ptr_array_set_size (self->library_rows, 0);

  dir = folder != NULL ? g_dir_open (folder, 0, NULL) : NULL;
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".shaft"))
      g_ptr_array_add (files, g_build_filename (folder, name, NULL));
  g_ptr_array_sort (files, compare_names);

  /* Files that are no subsystem (no "interface") or do not read are left
   * out: a library folder may hold other models too. */
  for (guint i = 0; i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);
      g_autoptr(GError) error = NULL;
      const SwKind *kind = sw_kind_load_subsystem (path, &error);
      GtkWidget *row;

      if (kind == NULL)
        {
          g_debug ("library: %s left out: %s", path, error->message);
          continue;
        }
      row = create_row (kind);
      g_object_set_qdata_full (G_OBJECT (row), path_quark, g_strdup (path), g_free);
      gtk_widget_set_tooltip_text (row, path);
      gtk_list_box_append (self->list, row);
      g_ptr_array_add (self->library_rows, row);
    }
  return self->library_rows->len;
}
