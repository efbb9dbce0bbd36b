-- Member erasure moved to the runtime (packages/service-runtime/src/db/member-erasure.ts): its
-- member_tombstones table now keeps the ids of deleted members. The ids recorded so far move there,
-- so late events about those members stay ignored, and the service's own table goes.
insert into member_tombstones (member_id, erased_at)
select user_id::text, erased_at from erased_members
on conflict do nothing;

drop table erased_members;
