-- Discussions and their replies can be reported (issue 20): they take the same report, auto-hide at 3 reporters and
-- the admin's hide / restore / delete as posts and comments. Never edit once run.

alter table reports drop constraint reports_target_type_check;
alter table reports
  add constraint reports_target_type_check
  check (target_type in ('post', 'comment', 'photo', 'discussion', 'discussion_reply'));

-- Hidden pending review (3 reports) or by a moderator: gone for members, shown marked to its author and moderators.
alter table discussions add column hidden_at timestamptz;
alter table discussion_replies add column hidden_at timestamptz;
