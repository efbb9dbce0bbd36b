-- profile-onboarding: member erasure moves to the runtime's primitive (its member_tombstones table, created by
-- the runtime's own migrations before this one). The tombstones recorded so far move there, so that a late
-- event about a member erased before this migration still cannot bring them back; then erased_members goes.
insert into member_tombstones (member_id, erased_at)
select user_id::text, erased_at from erased_members
on conflict do nothing;

drop table erased_members;
