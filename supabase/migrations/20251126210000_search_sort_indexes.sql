-- The participants search sorted by name or by region (issue 27, item 3): with more than 1,000
-- matches (a common name), search_participants lets the planner walk an index in the page's
-- order until the page is full (docs/decisions/022-search-people.md). Only the date order had
-- one, so a common name sorted by name read and sorted every match (about 31,000 at 500,000
-- participants). These two give the name and region orders the same walk; the keys are the
-- search's own order (name or region, then newest first).

create index participant_search_full_name_idx on private.participant_search
  (full_name, created_at desc, id desc);
create index participant_search_region_idx on private.participant_search
  (region, created_at desc, id desc);
