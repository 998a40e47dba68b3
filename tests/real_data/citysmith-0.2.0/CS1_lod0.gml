<?xml version='1.0' encoding='UTF-8'?>
<CityModel xmlns="http://www.opengis.net/citygml/2.0" xmlns:gml="http://www.opengis.net/gml" xmlns:bldg="http://www.opengis.net/citygml/building/2.0" xmlns:gen="http://www.opengis.net/citygml/generics/2.0" xmlns:xlink="http://www.w3.org/1999/xlink">
  <gml:boundedBy>
    <gml:Envelope srsName="epsg:32634" srsDimension="3">
      <gml:lowerCorner>458750.659 4962524.549 138.099</gml:lowerCorner>
      <gml:upperCorner>458762.174 4962537.64 150.657</gml:upperCorner>
    </gml:Envelope>
  </gml:boundedBy>
  <cityObjectMember><bldg:Building gml:id="CS1">
			<gen:stringAttribute name="citygrid_UnitID">
				<gen:value>CS1</gen:value>
			</gen:stringAttribute>
			<bldg:lod0FootPrint><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_97dea2eb-6349-50b4-acda-842dc473f34e"><gml:exterior><gml:LinearRing gml:id="UUID_875e0cac-12c0-5c7e-9c0d-b5412ddabeff"><gml:posList srsDimension="3">458752.831 4962537.007 138.099 458752.831 4962537.014 138.099 458753.418 4962537.013 138.099 458753.431 4962536.999 138.099 458761.427 4962536.990 138.099 458761.425 4962536.780 138.099 458761.385 4962533.372 138.099 458761.788 4962533.371 138.099 458761.745 4962530.793 138.099 458761.845 4962527.720 138.099 458761.854 4962527.645 138.099 458761.832 4962525.170 138.099 458753.367 4962525.145 138.099 458752.760 4962525.145 138.099 458752.807 4962527.736 138.099 458752.621 4962527.739 138.099 458752.724 4962533.394 138.099 458752.734 4962533.926 138.099 458752.792 4962533.925 138.099 458752.831 4962537.007 138.099</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod0FootPrint><bldg:consistsOfBuildingPart>
				<bldg:BuildingPart>
					<bldg:lod0FootPrint><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_72e18ba6-9ba8-54a6-bb12-14177f57d95b"><gml:exterior><gml:LinearRing gml:id="UUID_1a583195-7d64-56ac-9207-4666ddd1bb30"><gml:posList srsDimension="3">458752.734 4962533.926 138.099 458752.724 4962533.394 138.099 458751.233 4962533.420 138.099 458751.224 4962532.925 138.099 458750.659 4962532.931 138.099 458750.712 4962537.034 138.099 458752.831 4962537.007 138.099 458752.792 4962533.925 138.099 458752.734 4962533.926 138.099</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod0FootPrint></bldg:BuildingPart>
			</bldg:consistsOfBuildingPart>
		</bldg:Building>
	</cityObjectMember>
</CityModel>