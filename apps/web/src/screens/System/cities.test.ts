import { describe, expect, it } from 'vitest';
import { CITIES, distanceKm, formatCoords, nearestCity, searchCities } from './cities';

describe('built-in cities', () => {
  it('finds the nearest city and searches by name or province', () => {
    expect(nearestCity({ lat: 30.25, lng: 120.15 }).name).toBe('杭州');
    expect(nearestCity({ lat: 39.95, lng: 116.3 }).name).toBe('北京');
    expect(searchCities('广东').map((c) => c.name)).toEqual(['广州', '深圳']);
    expect(searchCities('').length).toBe(CITIES.length);
    expect(Math.round(distanceKm(CITIES[0]!, CITIES[1]!))).toBeGreaterThan(1000);
    expect(formatCoords(30.27412, -120.1)).toBe('30.2741°N, 120.1000°W');
  });
});
