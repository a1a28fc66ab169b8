/** Built-in places for choosing a location without any map service: major Chinese cities (city centre coordinates). */
export interface City {
  name: string;
  province: string;
  lat: number;
  lng: number;
}

export const CITIES: City[] = [
  { name: '北京', province: '北京', lat: 39.9042, lng: 116.4074 },
  { name: '上海', province: '上海', lat: 31.2304, lng: 121.4737 },
  { name: '广州', province: '广东', lat: 23.1291, lng: 113.2644 },
  { name: '深圳', province: '广东', lat: 22.5431, lng: 114.0579 },
  { name: '天津', province: '天津', lat: 39.3434, lng: 117.3616 },
  { name: '重庆', province: '重庆', lat: 29.563, lng: 106.5516 },
  { name: '杭州', province: '浙江', lat: 30.2741, lng: 120.1551 },
  { name: '宁波', province: '浙江', lat: 29.8683, lng: 121.544 },
  { name: '舟山', province: '浙江', lat: 29.9853, lng: 122.2072 },
  { name: '南京', province: '江苏', lat: 32.0603, lng: 118.7969 },
  { name: '苏州', province: '江苏', lat: 31.2989, lng: 120.5853 },
  { name: '成都', province: '四川', lat: 30.5728, lng: 104.0668 },
  { name: '武汉', province: '湖北', lat: 30.5928, lng: 114.3055 },
  { name: '西安', province: '陕西', lat: 34.3416, lng: 108.9398 },
  { name: '长沙', province: '湖南', lat: 28.2282, lng: 112.9388 },
  { name: '郑州', province: '河南', lat: 34.7466, lng: 113.6254 },
  { name: '青岛', province: '山东', lat: 36.0671, lng: 120.3826 },
  { name: '济南', province: '山东', lat: 36.6512, lng: 117.1201 },
  { name: '厦门', province: '福建', lat: 24.4798, lng: 118.0894 },
  { name: '福州', province: '福建', lat: 26.0745, lng: 119.2965 },
  { name: '合肥', province: '安徽', lat: 31.8206, lng: 117.2272 },
  { name: '沈阳', province: '辽宁', lat: 41.8057, lng: 123.4315 },
  { name: '大连', province: '辽宁', lat: 38.914, lng: 121.6147 },
  { name: '哈尔滨', province: '黑龙江', lat: 45.8038, lng: 126.535 },
  { name: '长春', province: '吉林', lat: 43.8171, lng: 125.3235 },
  { name: '石家庄', province: '河北', lat: 38.0428, lng: 114.5149 },
  { name: '太原', province: '山西', lat: 37.8706, lng: 112.5489 },
  { name: '南昌', province: '江西', lat: 28.682, lng: 115.8579 },
  { name: '昆明', province: '云南', lat: 25.0389, lng: 102.7183 },
  { name: '大理', province: '云南', lat: 25.6065, lng: 100.2676 },
  { name: '贵阳', province: '贵州', lat: 26.647, lng: 106.6302 },
  { name: '南宁', province: '广西', lat: 22.817, lng: 108.3665 },
  { name: '桂林', province: '广西', lat: 25.2736, lng: 110.29 },
  { name: '海口', province: '海南', lat: 20.044, lng: 110.1999 },
  { name: '三亚', province: '海南', lat: 18.2528, lng: 109.512 },
  { name: '兰州', province: '甘肃', lat: 36.0611, lng: 103.8343 },
  { name: '西宁', province: '青海', lat: 36.6171, lng: 101.7782 },
  { name: '银川', province: '宁夏', lat: 38.4872, lng: 106.2309 },
  { name: '乌鲁木齐', province: '新疆', lat: 43.8256, lng: 87.6168 },
  { name: '拉萨', province: '西藏', lat: 29.652, lng: 91.1721 },
  { name: '呼和浩特', province: '内蒙古', lat: 40.8426, lng: 111.7492 },
  { name: '香港', province: '香港', lat: 22.3193, lng: 114.1694 },
  { name: '澳门', province: '澳门', lat: 22.1987, lng: 113.5439 },
  { name: '台北', province: '台湾', lat: 25.033, lng: 121.5654 },
];

/** Great-circle distance in km. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** The built-in city nearest to a point (names a position from the browser's geolocation). */
export function nearestCity(p: { lat: number; lng: number }): City {
  return CITIES.reduce((best, c) => (distanceKm(p, c) < distanceKm(p, best) ? c : best), CITIES[0]!);
}

/** Cities whose name or province contains the keyword. */
export const searchCities = (keyword: string): City[] => {
  const k = keyword.trim();
  return k ? CITIES.filter((c) => c.name.includes(k) || c.province.includes(k)) : CITIES;
};

/** "30.2741°N, 120.1551°E". */
export const formatCoords = (lat: number, lng: number): string =>
  `${Math.abs(lat).toFixed(4)}°${lat >= 0 ? 'N' : 'S'}, ${Math.abs(lng).toFixed(4)}°${lng >= 0 ? 'E' : 'W'}`;
