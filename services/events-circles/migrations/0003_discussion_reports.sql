-- Circle discussions and their replies can be reported (issue 20) and hidden by a moderator. Never edit once run.

alter table reports drop constraint reports_target_type_check;
alter table reports
  add constraint reports_target_type_check
  check (target_type in ('circle', 'event', 'circle_post', 'circle_discussion', 'circle_discussion_reply'));

-- Hidden by a moderator: not listed or shown to members; the author (and reviewers) still see it, marked.
alter table circle_discussions add column hidden_at timestamptz;
alter table circle_discussion_replies add column hidden_at timestamptz;
