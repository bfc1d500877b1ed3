import { describe, expect, it } from 'vitest';
import { packageInfo, summaryOf } from '../../testing/billing-fixtures';
import { createFakeServices } from '../../testing/fake-services';
import { packagesQuery } from './billing';

describe('packagesQuery', () => {
  it('lists the packages in their position order, not in the order of the map’s ids', async () => {
    const byPosition = [
      summaryOf(packageInfo(7, 'Спорт', { position: 0 })),
      summaryOf(packageInfo(2, 'Кино', { position: 1 })),
      summaryOf(packageInfo(5, 'Детям', { position: 2 })),
    ];
    const fake = createFakeServices({
      handlers: {
        getEkPackages: () => ({
          // JSON objects keep integer-like keys in numeric order, whatever order the server wrote them.
          ek_packages: Object.fromEntries(
            [...byPosition].sort((a, b) => a.package_id - b.package_id).map((p) => [String(p.package_id), p]),
          ),
        }),
      },
    });
    const { api, queryClient } = fake.services;
    const list = await queryClient.fetchQuery(packagesQuery(api));
    expect(list.map((p) => p.package_name)).toEqual(['Спорт', 'Кино', 'Детям']);
  });
});
