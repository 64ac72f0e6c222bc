/* sw-canvas-spots.c: where a component without a position goes
 * (sw-canvas-private.h): the first grid spot, row by row, whose box keeps
 * clear of the boxes placed so far.
 *
 * The boxes are kept in buckets of the grid's cell size, so that a spot is
 * checked against its neighbours alone; and since boxes are only added, a
 * spot found taken for a box of one size stays taken: the search for that
 * size goes on from there. A model of 12 000 components without positions
 * (a generated chain) took minutes with a scan of every box from the first
 * spot for every component; it takes well under a second now.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-canvas-private.h"

#include <math.h>

/* Cells as wide as the example models space their components. */
#define CELL_W    120.0
#define CELL_H    100.0
#define ORIGIN    60.0
#define CLEARANCE 20.0
#define COLUMNS   8
#define MAX_ROWS  100000
/* A box over more buckets than this (a huge subsystem, a far-off position)
 * is checked against every spot instead. */
#define MAX_BUCKETS 64

struct _SwCanvasSpots {
  GHashTable *buckets;   /* gint64 (bucket) -> GArray of SwCanvasRect */
  GArray     *large;     /* SwCanvasRect */
  GHashTable *resume;    /* gint64 (a box's size) -> the first spot that may be free for it */
};

/* The buckets a rectangle covers; FALSE when they are too many to list. */
static gboolean
bucket_range (const SwCanvasRect *r, gint64 *bx0, gint64 *bx1, gint64 *by0, gint64 *by1)
{
  double x0 = floor (r->x / CELL_W), x1 = floor ((r->x + r->width) / CELL_W);
  double y0 = floor (r->y / CELL_H), y1 = floor ((r->y + r->height) / CELL_H);

  if (!(fabs (x0) < 1e9 && fabs (x1) < 1e9 && fabs (y0) < 1e9 && fabs (y1) < 1e9)
      || (x1 - x0 + 1) * (y1 - y0 + 1) > MAX_BUCKETS)
    return FALSE;
  *bx0 = (gint64) x0, *bx1 = (gint64) x1, *by0 = (gint64) y0, *by1 = (gint64) y1;
  return TRUE;
}

SwCanvasSpots *
_sw_canvas_spots_new (void)
{
  SwCanvasSpots *spots = g_new0 (SwCanvasSpots, 1);

  spots->buckets = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, (GDestroyNotify) g_array_unref);
  spots->large = g_array_new (FALSE, FALSE, sizeof (SwCanvasRect));
  spots->resume = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  return spots;
}

void
_sw_canvas_spots_free (SwCanvasSpots *spots)
{
  if (spots == NULL)
    return;
  g_hash_table_unref (spots->buckets);
  g_array_unref (spots->large);
  g_hash_table_unref (spots->resume);
  g_free (spots);
}

void
_sw_canvas_spots_add (SwCanvasSpots *spots, const SwCanvasRect *box)
{
  gint64 bx0, bx1, by0, by1;

  if (!bucket_range (box, &bx0, &bx1, &by0, &by1))
    {
      g_array_append_val (spots->large, *box);
      return;
    }
  for (gint64 bx = bx0; bx <= bx1; bx++)
    for (gint64 by = by0; by <= by1; by++)
      {
        gint64 key = _sw_canvas_bucket_key (bx, by);
        GArray *bucket = g_hash_table_lookup (spots->buckets, &key);

        if (bucket == NULL)
          {
            bucket = g_array_new (FALSE, FALSE, sizeof (SwCanvasRect));
            g_hash_table_insert (spots->buckets, g_memdup2 (&key, sizeof key), bucket);
          }
        g_array_append_val (bucket, *box);
      }
}

static gboolean
free_in (const GArray *rects, const SwCanvasRect *box)
{
  for (guint k = 0; rects != NULL && k < rects->len; k++)
    if (_sw_canvas_rect_intersects (box, &g_array_index (rects, SwCanvasRect, k)))
      return FALSE;
  return TRUE;
}

static gboolean
is_free (SwCanvasSpots *spots, const SwCanvasRect *box)
{
  gint64 bx0, bx1, by0, by1;

  if (!free_in (spots->large, box))
    return FALSE;
  /* (A spot's box is a cell or two: always in range.) */
  if (!bucket_range (box, &bx0, &bx1, &by0, &by1))
    return TRUE;
  for (gint64 bx = bx0; bx <= bx1; bx++)
    for (gint64 by = by0; by <= by1; by++)
      {
        gint64 key = _sw_canvas_bucket_key (bx, by);

        if (!free_in (g_hash_table_lookup (spots->buckets, &key), box))
          return FALSE;
      }
  return TRUE;
}

void
_sw_canvas_spots_find (SwCanvasSpots *spots, double width, double height, double *x, double *y)
{
  /* Sizes are a few (a kind's symbol): a key of their bits. */
  gint64 size = (gint64) (guint32) lround (width * 16) << 32 | (guint32) lround (height * 16);
  gint64 *resume = g_hash_table_lookup (spots->resume, &size);
  guint64 spot = resume != NULL ? (guint64) resume[1] : 0;

  for (;; spot++)
    {
      guint64 row = spot / COLUMNS, col = spot % COLUMNS;
      double cx = ORIGIN + col * CELL_W, cy = ORIGIN + row * CELL_H;
      SwCanvasRect box = { cx - width / 2 - CLEARANCE, cy - height / 2 - CLEARANCE, width + 2 * CLEARANCE,
                           height + 2 * CLEARANCE };

      if (row > MAX_ROWS || is_free (spots, &box))
        {
          *x = cx;
          *y = cy;
          break;
        }
    }
  if (resume == NULL)
    {
      resume = g_new (gint64, 2);
      resume[0] = size;
      g_hash_table_insert (spots->resume, resume, resume);
    }
  resume[1] = (gint64) spot;
}

void
_sw_canvas_find_free_spot (const SwCanvasRect *occupied,
                           guint               n_occupied,
                           double              width,
                           double              height,
                           double             *x,
                           double             *y)
{
  SwCanvasSpots *spots = _sw_canvas_spots_new ();

  for (guint k = 0; k < n_occupied; k++)
    _sw_canvas_spots_add (spots, &occupied[k]);
  _sw_canvas_spots_find (spots, width, height, x, y);
  _sw_canvas_spots_free (spots);
}
