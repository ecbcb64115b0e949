// The names every team server statement is written with: its schema and the members' group role.

/** Everything lives in this schema; the group role every team member is granted. */
export const SCHEMA = 'memory_team';
export const MEMBER_ROLE = 'memory_team_member';
