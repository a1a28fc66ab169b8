import type { UserBrief } from '@app/contract';
import { UserAvatar } from '../../../components/UserAvatar';

/** A user in a table cell: avatar, nickname, id. */
export function UserCell({ user, sub }: { user: UserBrief | null | undefined; sub?: string }) {
  if (!user) return <span className="adm-muted">—</span>;
  return (
    <div className="adm-user">
      <UserAvatar src={user.avatar} size={32} />
      <div>
        <div className="adm-user__name">{user.nickname}</div>
        <div className="adm-muted">
          ID {user.id}
          {sub ? ` · ${sub}` : ''}
        </div>
      </div>
    </div>
  );
}
