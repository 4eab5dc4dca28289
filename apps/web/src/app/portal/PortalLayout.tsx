import { Outlet } from 'react-router';
import { AntdProvider } from '../../lib/antd/AntdProvider';
import { QueryProvider } from '../../lib/QueryProvider';
import s from './portal.module.css';

/** The logged-in member screens, inside the public header/footer, with antd available. */
export default function PortalLayout() {
  return (
    <QueryProvider>
      <AntdProvider>
        <div className={s.portal}>
          <Outlet />
        </div>
      </AntdProvider>
    </QueryProvider>
  );
}
