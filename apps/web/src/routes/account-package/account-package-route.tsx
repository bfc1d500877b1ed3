import { useParams } from 'react-router';
import { screenMessages } from '../messages';
import { ScreenPlaceholder } from '../screen-placeholder';

/** `/account/packages/{package_id}`: package detail, buy, cancel and restore. */
export function AccountPackageRoute() {
  const { package_id = '' } = useParams();
  return <ScreenPlaceholder title={screenMessages.packageDetail(package_id)} />;
}
