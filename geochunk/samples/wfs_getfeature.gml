<?xml version="1.0" encoding="UTF-8"?>
<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:app="http://example.org/edinburgh" numberMatched="40" numberReturned="40" timeStamp="2024-06-11T09:30:00Z">
  <wfs:boundedBy>
    <gml:Envelope srsName="urn:ogc:def:crs:EPSG::4326"><gml:lowerCorner>55.900000 -3.300000</gml:lowerCorner><gml:upperCorner>56.000000 -3.100000</gml:upperCorner></gml:Envelope>
  </wfs:boundedBy>
  <wfs:member>
    <app:green_spaces gml:id="green_spaces.1001">
      <app:name>Park 1001</app:name>
      <app:kind>Park</app:kind>
      <app:ward>Portobello</app:ward>
      <app:geometry>
      <gml:MultiSurface srsName="urn:ogc:def:crs:EPSG::4326" gml:id="green_spaces.1001.geom">
        <gml:surfaceMember><gml:Polygon gml:id="green_spaces.1001.p0"><gml:exterior><gml:LinearRing><gml:posList>55.911152 -3.277156 55.912092 -3.278346 55.912251 -3.281869 55.911038 -3.283290 55.909545 -3.283675 55.908648 -3.282318 55.907605 -3.279500 55.908641 -3.277437 55.909748 -3.275691 55.911152 -3.277156</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember>
      </gml:MultiSurface>
      </app:geometry>
    </app:green_spaces>
  </wfs:member>
  <wfs:member>
    <app:green_spaces gml:id="green_spaces.1002">
      <app:name>Park 1002</app:name>
      <app:kind>Park</app:kind>
      <app:ward>Leith</app:ward>
      <app:geometry>
      <gml:MultiSurface srsName="urn:ogc:def:crs:EPSG::4326" gml:id="green_spaces.1002.geom">
        <gml:surfaceMember><gml:Polygon gml:id="green_spaces.1002.p0"><gml:exterior><gml:LinearRing><gml:posList>55.911250 -3.254328 55.912092 -3.257424 55.911510 -3.260534 55.909734 -3.261572 55.907847 -3.259473 55.907982 -3.256195 55.909692 -3.254139 55.911250 -3.254328</gml:posList></gml:LinearRing></gml:exterior><gml:interior><gml:LinearRing><gml:posList>55.910490 -3.258001 55.909727 -3.257106 55.909468 -3.258066 55.910194 -3.258764 55.910490 -3.258001</gml:posList></gml:LinearRing></gml:interior></gml:Polygon></gml:surfaceMember>
      </gml:MultiSurface>
      </app:geometry>
    </app:green_spaces>
  </wfs:member>
  <wfs:member>
    <app:green_spaces gml:id="green_spaces.1003">
      <app:name>Park 1003</app:name>
      <app:kind>Park</app:kind>
      <app:ward>Portobello</app:ward>
      <app:geometry>
      <gml:MultiSurface srsName="urn:ogc:def:crs:EPSG::4326" gml:id="green_spaces.1003.geom">
        <gml:surfaceMember><gml:Polygon gml:id="green_spaces.1003.p0"><gml:exterior><gml:LinearRing><gml:posList>55.910818 -3.232549 55.912035 -3.233511 55.912338 -3.235859 55.911662 -3.238325 55.910437 -3.240235 55.908722 -3.238897 55.907747 -3.237438 55.908325 -3.234497 55.909037 -3.232966 55.910818 -3.232549</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember>
      </gml:MultiSurface>
      </app:geometry>
    </app:green_spaces>
  </wfs:member>
  <wfs:member>
    <app:green_spaces gml:id="green_spaces.1004">
      <app:name>Park 1004</app:name>
      <app:kind>Park</app:kind>
      <app:ward>Morningside</app:ward>
      <app:geometry>
      <gml:MultiSurface srsName="urn:ogc:def:crs:EPSG::4326" gml:id="green_spaces.1004.geom">
        <gml:surfaceMember><gml:Polygon gml:id="green_spaces.1004.p0"><gml:exterior><gml:LinearRing><gml:posList>55.910693 -3.210795 55.912028 -3.213226 55.911268 -3.217530 55.909669 -3.217440 55.908110 -3.215449 55.908465 -3.212024 55.910693 -3.210795</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember>
        <gml:surfaceMember><gml:Polygon gml:id="green_spaces.1004.p1"><gml:exterior><gml:LinearRing><gml:posList>55.911124 -3.199917 55.912217 -3.202752 55.911571 -3.205142 55.910050 -3.206908 55.908676 -3.206334 55.907887 -3.203578 55.908330 -3.201368 55.909970 -3.199389 55.911124 -3.199917</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember>
      </gml:MultiSurface>
      </app:geometry>
    </app:green_spaces>
  </wfs:member>
  <wfs:member>
    <app:green_spaces gml:id="green_spaces.1005">
      <app:name>Park 1005</app:name>
      <app:kind>Park</app:kind>
      <app:ward>Morningside</app:ward>
      <app:geometry>
      <gml:MultiSurface srsName="urn:ogc:def:crs:EPSG::4326" gml:id="green_spaces.1005.geom">
        <gml:surfaceMember><gml:Polygon gml:id="green_spaces.1005.p0"><gml:exterior><gml:LinearRing><gml:posList>55.911790 -3.189539 55.912262 -3.192661 55.911309 -3.195363 55.908871 -3.195646 55.907974 -3.192855 55.908157 -3.190618 55.909945 -3.188253 55.911790 -3.189539</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember>
      </gml:MultiSurface>
      </app:geometry>
    </app:green_spaces>
  </wfs:member>
  <wfs:member>
    <app:green_spaces gml:id="green_spaces.1006">
      <app:name>Park 1006</app:name>
      <app:kind>Park</app:kind>
      <app:ward>Morningside</app:ward>
      <app:geometry>
      <gml:MultiSurface srsName="urn:ogc:def:crs:EPSG::4326" gml:id="green_spaces.1006.geom">
        <gml:surfaceMember><gml:Polygon gml:id="green_spaces.1006.p0"><gml:exterior><gml:LinearRing><gml:posList>55.910684 -3.166152 55.912334 -3.170602 55.910319 -3.174319 55.908230 -3.172428 55.908750 -3.166996 55.910684 -3.166152</gml:posList></gml:LinearRing></gml:exterior><gml:interior><gml:LinearRing><gml:posList>55.910374 -3.169545 55.909623 -3.169333 55.909493 -3.170385 55.910410 -3.170699 55.910374 -3.169545</gml:posList></gml:LinearRing></gml:interior></gml:Polygon></gml:surfaceMember>
      </gml:MultiSurface>
      </app:geometry>
    </app:green_spaces>
  </wfs:member>
  <wfs:member>
    <app:green_spaces gml:id="green_spaces.1007">
      <app:name>Park 1007</app:name>
      <app:kind>Park</app:kind>
      <app:ward>Corstorphine</app:ward>
      <app:geometry>
      <gml:MultiSurface srsName="urn:ogc:def:crs:EPSG::4326" gml:id="green_spaces.1007.geom">
        <gml:surfaceMember><gml:Polygon gml:id="green_spaces.1007.p0"><gml:exterior><gml:LinearRing><gml:posList>55.911321 -3.144754 55.911946 -3.147551 55.911328 -3.150503 55.910126 -3.152431 55.908483 -3.151528 55.907624 -3.148591 55.907950 -3.145494 55.910114 -3.143950 55.911321 -3.144754</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember>
      </gml:MultiSurface>
      </app:geometry>
    </app:green_spaces>
  </wfs:member>
  <wfs:member>
    <app:green_spaces gml:id="green_spaces.1008">
      <app:name>Path 1008</app:name>
      <app:kind>Path</app:kind>
      <app:ward>Corstorphine</app:ward>
      <app:geometry>
      <gml:LineString srsName="urn:ogc:def:crs:EPSG::4326" gml:id="green_spaces.1008.geom"><gml:posList>55.910099 -3.126000 55.909631 -3.124000 55.909673 -3.122000 55.910249 -3.120000 55.909465 -3.118000</gml:posList></gml:LineString>
      </app:geometry>
    </app:green_spaces>
  </wfs:member>
  <wfs:member>
    <app:green_spaces gml:id="green_spaces.1009">
      <app:name>Park 1009</app:name>
      <app:kind>Park</app:kind>
      <app:ward>Morningside</app:ward>
      <app:geometry>
      <gml:MultiSurface srsName="urn:ogc:def:crs:EPSG::4326" gml:id="green_spaces.1009.geom">
        <gml:surfaceMember><gml:Polygon gml:id="green_spaces.1009.p0"><gml:exterior><gml:LinearRing><gml:posList>55.926684 -3.276816 55.928342 -3.279769 55.927990 -3.282529 55.925874 -3.283815 55.924092 -3.282140 55.924138 -3.279285 55.925084 -3.276008 55.926684 -3.276816</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember>
        <gml:surfaceMember><gml:Polygon gml:id="green_spaces.1009.p1"><gml:exterior><gml:LinearRing><gml:posList>55.926227 -3.265643 55.928275 -3.267703 55.928303 -3.270560 55.926136 -3.272450 55.924202 -3.271894 55.924048 -3.269149 55.924683 -3.265749 55.926227 -3.265643</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember>
      </gml:MultiSurface>
      </app:geometry>
    </app:green_spaces>
  </wfs:member>
  <wfs:member>
    <app:green_spaces gml:id="green_spaces.1010">
      <app:name>Bench 1010</app:name>
      <app:kind>Bench</app:kind>
      <app:ward>Portobello</app:ward>
      <app:geometry>
      <gml:Point srsName="urn:ogc:def:crs:EPSG::4326" gml:id="green_spaces.1010.geom"><gml:pos>55.926000 -3.258000</gml:pos></gml:Point>
      </app:geometry>
    </app:green_spaces>
  </wfs:member>
  <wfs:member>
    <app:green_spaces gml:id="green_spaces.1011">
      <app:name>Park 1011</app:name>
      <app:kind>Park</app:kind>
      <app:ward>Portobello</app:ward>
      <app:geometry>
      <gml:MultiSurface srsName="urn:ogc:def:crs:EPSG::4326" gml:id="green_spaces.1011.geom">
        <gml:surfaceMember><gml:Polygon gml:id="green_spaces.1011.p0"><gml:exterior><gml:LinearRing><gml:posList>55.927197 -3.232517 55.928196 -3.235102 55.927347 -3.239417 55.925057 -3.239197 55.923851 -3.237322 55.924648 -3.232962 55.927197 -3.232517</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember>
      </gml:MultiSurface>
      </app:geometry>
    </app:green_spaces>
  </wfs:member>
  <wfs:member>
    <app:green_spaces gml:id="green_spaces.1012">
      <app:name>Park 1012</app:name>
      <app:kind>Park</app:kind>
      <app:ward>Morningside</app:ward>
      <app:geometry>
      <gml:MultiSurface srsName="urn:ogc:def:crs:EPSG::4326" gml:id="green_spaces.1012.geom">
        <gml:surfaceMember><gml:Polygon gml:id="green_spaces.1012.p0"><gml:exterior><gml:LinearRing><gml:posList>55.926541 -3.210493 55.927651 -3.212143 55.928042 -3.215082 55.926849 -3.217083 55.925508 -3.218180 55.924018 -3.215912 55.923946 -3.212177 55.925186 -3.210165 55.926541 -3.210493</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember>
      </gml:MultiSurface>
      </app:geometry>
    </app:green_spaces>
  </wfs:member>
  <wfs:member>
    <app:green_spaces gml:id="green_spaces.1013">
      <app:name>Park 1013</app:name>
      <app:kind>Park</app:kind>
      <app:ward>Portobello</app:ward>
      <app:geometry>
      <gml:MultiSurface srsName="urn:ogc:def:crs:EPSG::4326" gml:id="green_spaces.1013.geom">
        <gml:surfaceMember><gml:Polygon gml:id="green_spaces.1013.p0"><gml:exterior><gml:LinearRing><gml:posList>55.926362 -3.188195 55.928115 -3.190938 55.927256 -3.195025 55.925779 -3.195996 55.923758 -3.192995 55.924399 -3.189531 55.926362 -3.188195</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember>
      </gml:MultiSurface>
      </app:geometry>
    </app:green_spaces>
  </wfs:member>
  <wfs:member>
    <app:green_spaces gml:id="green_spaces.1014">
      <app:name>Park 1014</app:name>
      <app:kind>Park</app:kind>
      <app:ward>Leith</app:ward>
      <app:geometry>
      <gml:MultiSurface srsName="urn:ogc:def:crs:EPSG::4326" gml:id="green_spaces.1014.geom">
        <gml:surfaceMember><gml:Polygon gml:id="green_spaces.1014.p0"><gml:exterior><gml:LinearRing><gml:posList>55.927355 -3.166606 55.928274 -3.169632 55.927599 -3.173247 55.925803 -3.173784 55.924711 -3.172974 55.923707 -3.170583 55.924037 -3.167713 55.925945 -3.165830 55.927355 -3.166606</gml:posList></gml:LinearRing></gml:exterior><gml:interior><gml:LinearRing><gml:posList>55.926308 -3.169278 55.925502 -3.169502 55.925744 -3.170862 55.926494 -3.170424 55.926308 -3.169278</gml:posList></gml:LinearRing></gml:interior></gml:Polygon></gml:surfaceMember>
        <gml:surfaceMember><gml:Polygon gml:id="green_spaces.1014.p1"><gml:exterior><gml:LinearRing><gml:posList>55.926864 -3.155918 55.927765 -3.157127 55.927974 -3.160221 55.927234 -3.162703 55.924818 -3.162462 55.924127 -3.160362 55.924149 -3.158138 55.925132 -3.154998 55.926864 -3.155918</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember>
      </gml:MultiSurface>
      </app:geometry>
    </app:green_spaces>
  </wfs:member>
  <wfs:member>
    <app:green_spaces gml:id="green_spaces.1015">
      <app:name>Park 1015</app:name>
      <app:kind>Park</app:kind>
      <app:ward>Corstorphine</app:ward>
      <app:geometry>
      <gml:MultiSurface srsName="urn:ogc:def:crs:EPSG::4326" gml:id="green_spaces.1015.geom">
        <gml:surfaceMember><gml:Polygon gml:id="green_spaces.1015.p0"><gml:exterior><gml:LinearRing><gml:posList>55.928070 -3.146169 55.927705 -3.149478 55.926372 -3.151691 55.923758 -3.149812 55.923930 -3.146399 55.926166 -3.144053 55.928070 -3.146169</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember>
      </gml:MultiSurface>
      </app:geometry>
    </app:green_spaces>
  </wfs:member>
  <wfs:member>
    <app:green_spaces gml:id="green_spaces.1016">
      <app:name>Park 1016</app:name>
      <app:kind>Park</app:kind>
      <app:ward>Corstorphine</app:ward>
      <app:geometry>
      <gml:MultiSurface srsName="urn:ogc:def:crs:EPSG::4326" gml:id="green_spaces.1016.geom">
        <gml:surfaceMember><gml:Polygon gml:id="green_spaces.1016.p0"><gml:exterior><gml:LinearRing><gml:posList>55.927118 -3.122193 55.927979 -3.126783 55.926719 -3.129123 55.925092 -3.129570 55.923753 -3.125796 55.924927 -3.123262 55.927118 -3.122193</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember>
      </gml:MultiSurface>
      </app:geometry>
    </app:green_spaces>
  </wfs:member>
  <wfs:member>
    <app:green_spaces gml:id="green_spaces.1017">
      <app:name>Park 1017</app:name>
      <app:kind>Park</app:kind>
      <app:ward>Portobello</app:ward>
      <app:geometry>
      <gml:MultiSurface srsName="urn:ogc:def:crs:EPSG::4326" gml:id="green_spaces.1017.geom">
        <gml:surfaceMember><gml:Polygon gml:id="green_spaces.1017.p0"><gml:exterior><gml:LinearRing><gml:posList>55.943212 -3.276815 55.944081 -3.278862 55.943967 -3.281651 55.943412 -3.283633 55.941508 -3.283300 55.940373 -3.281985 55.940055 -3.280156 55.940279 -3.277194 55.941397 -3.276268 55.943212 -3.276815</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember>
      </gml:MultiSurface>
      </app:geometry>
    </app:green_spaces>
  </wfs:member>
  <wfs:member>
    <app:green_spaces gml:id="green_spaces.1018">
      <app:name>Path 1018</app:name>
      <app:kind>Path</app:kind>
      <app:ward>Morningside</app:ward>
      <app:geometry>
      <gml:LineString srsName="urn:ogc:def:crs:EPSG::4326" gml:id="green_spaces.1018.geom"><gml:posList>55.942013 -3.258000 55.941969 -3.256000 55.942508 -3.254000 55.942353 -3.252000 55.942464 -3.250000</gml:posList></gml:LineString>
      </app:geometry>
    </app:green_spaces>
  </wfs:member>
  <wfs:member>
    <app:green_spaces gml:id="green_spaces.1019">
      <app:name>Park 1019</app:name>
      <app:kind>Park</app:kind>
      <app:ward>Leith</app:ward>
      <app:geometry>
      <gml:MultiSurface srsName="urn:ogc:def:crs:EPSG::4326" gml:id="green_spaces.1019.geom">
        <gml:surfaceMember><gml:Polygon gml:id="green_spaces.1019.p0"><gml:exterior><gml:LinearRing><gml:posList>55.942641 -3.232833 55.943636 -3.233203 55.944101 -3.236587 55.943311 -3.238740 55.942272 -3.239481 55.940824 -3.238949 55.940109 -3.236633 55.939622 -3.234757 55.941081 -3.232003 55.942641 -3.232833</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember>
        <gml:surfaceMember><gml:Polygon gml:id="green_spaces.1019.p1"><gml:exterior><gml:LinearRing><gml:posList>55.943299 -3.221735 55.943894 -3.223978 55.943906 -3.227066 55.942310 -3.229274 55.939908 -3.226969 55.939787 -3.224343 55.940715 -3.221598 55.943299 -3.221735</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember>
      </gml:MultiSurface>
      </app:geometry>
    </app:green_spaces>
  </wfs:member>
  <wfs:member>
    <app:green_spaces gml:id="green_spaces.1020">
      <app:name>Bench 1020</app:name>
      <app:kind>Bench</app:kind>
      <app:ward>Portobello</app:ward>
      <app:geometry>
      <gml:Point srsName="urn:ogc:def:crs:EPSG::4326" gml:id="green_spaces.1020.geom"><gml:pos>55.942000 -3.214000</gml:pos></gml:Point>
      </app:geometry>
    </app:green_spaces>
  </wfs:member>
  <wfs:member>
    <app:green_spaces gml:id="green_spaces.1021">
      <app:name>Park 1021</app:name>
      <app:kind>Park</app:kind>
      <app:ward>Corstorphine</app:ward>
      <app:geometry>
      <gml:MultiSurface srsName="urn:ogc:def:crs:EPSG::4326" gml:id="green_spaces.1021.geom">
        <gml:surfaceMember><gml:Polygon gml:id="green_spaces.1021.p0"><gml:exterior><gml:LinearRing><gml:posList>55.943100 -3.188418 55.943975 -3.191479 55.943501 -3.194815 55.941199 -3.195343 55.939819 -3.192379 55.940791 -3.189185 55.943100 -3.188418</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember>
      </gml:MultiSurface>
      </app:geometry>
    </app:green_spaces>
  </wfs:member>
  <wfs:member>
    <app:green_spaces gml:id="green_spaces.1022">
      <app:name>Park 1022</app:name>
      <app:kind>Park</app:kind>
      <app:ward>Portobello</app:ward>
      <app:geometry>
      <gml:MultiSurface srsName="urn:ogc:def:crs:EPSG::4326" gml:id="green_spaces.1022.geom">
        <gml:surfaceMember><gml:Polygon gml:id="green_spaces.1022.p0"><gml:exterior><gml:LinearRing><gml:posList>55.942364 -3.166703 55.943542 -3.167845 55.943844 -3.170854 55.942667 -3.173296 55.940489 -3.173540 55.939968 -3.170368 55.940392 -3.167523 55.942364 -3.166703</gml:posList></gml:LinearRing></gml:exterior><gml:interior><gml:LinearRing><gml:posList>55.942295 -3.169167 55.941728 -3.169308 55.941764 -3.170692 55.942251 -3.170832 55.942295 -3.169167</gml:posList></gml:LinearRing></gml:interior></gml:Polygon></gml:surfaceMember>
      </gml:MultiSurface>
      </app:geometry>
    </app:green_spaces>
  </wfs:member>
  <wfs:member>
    <app:green_spaces gml:id="green_spaces.1023">
      <app:name>Park 1023</app:name>
      <app:kind>Park</app:kind>
      <app:ward>Leith</app:ward>
      <app:geometry>
      <gml:MultiSurface srsName="urn:ogc:def:crs:EPSG::4326" gml:id="green_spaces.1023.geom">
        <gml:surfaceMember><gml:Polygon gml:id="green_spaces.1023.p0"><gml:exterior><gml:LinearRing><gml:posList>55.944038 -3.146785 55.943382 -3.150265 55.941241 -3.151267 55.939589 -3.147762 55.941441 -3.143907 55.944038 -3.146785</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember>
      </gml:MultiSurface>
      </app:geometry>
    </app:green_spaces>
  </wfs:member>
  <wfs:member>
    <app:green_spaces gml:id="green_spaces.1024">
      <app:name>Park 1024</app:name>
      <app:kind>Park</app:kind>
      <app:ward>Corstorphine</app:ward>
      <app:geometry>
      <gml:MultiSurface srsName="urn:ogc:def:crs:EPSG::4326" gml:id="green_spaces.1024.geom">
        <gml:surfaceMember><gml:Polygon gml:id="green_spaces.1024.p0"><gml:exterior><gml:LinearRing><gml:posList>55.942144 -3.122006 55.943624 -3.122865 55.944264 -3.126142 55.943587 -3.128453 55.942322 -3.129553 55.940796 -3.129239 55.940176 -3.127666 55.939963 -3.125199 55.940667 -3.123034 55.942144 -3.122006</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember>
        <gml:surfaceMember><gml:Polygon gml:id="green_spaces.1024.p1"><gml:exterior><gml:LinearRing><gml:posList>55.942743 -3.111781 55.944354 -3.113693 55.944101 -3.116586 55.943341 -3.118710 55.941215 -3.118468 55.939850 -3.116721 55.939888 -3.114192 55.941101 -3.111824 55.942743 -3.111781</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember>
      </gml:MultiSurface>
      </app:geometry>
    </app:green_spaces>
  </wfs:member>
  <wfs:member>
    <app:green_spaces gml:id="green_spaces.1025">
      <app:name>Park 1025</app:name>
      <app:kind>Park</app:kind>
      <app:ward>Leith</app:ward>
      <app:geometry>
      <gml:MultiSurface srsName="urn:ogc:def:crs:EPSG::4326" gml:id="green_spaces.1025.geom">
        <gml:surfaceMember><gml:Polygon gml:id="green_spaces.1025.p0"><gml:exterior><gml:LinearRing><gml:posList>55.958984 -3.276949 55.960015 -3.278765 55.959427 -3.282473 55.957616 -3.284223 55.956341 -3.283047 55.956128 -3.279621 55.957111 -3.276858 55.958984 -3.276949</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember>
      </gml:MultiSurface>
      </app:geometry>
    </app:green_spaces>
  </wfs:member>
  <wfs:member>
    <app:green_spaces gml:id="green_spaces.1026">
      <app:name>Park 1026</app:name>
      <app:kind>Park</app:kind>
      <app:ward>Corstorphine</app:ward>
      <app:geometry>
      <gml:MultiSurface srsName="urn:ogc:def:crs:EPSG::4326" gml:id="green_spaces.1026.geom">
        <gml:surfaceMember><gml:Polygon gml:id="green_spaces.1026.p0"><gml:exterior><gml:LinearRing><gml:posList>55.959266 -3.254856 55.960201 -3.257702 55.958892 -3.262106 55.956161 -3.258832 55.956459 -3.254679 55.959266 -3.254856</gml:posList></gml:LinearRing></gml:exterior><gml:interior><gml:LinearRing><gml:posList>55.958142 -3.257042 55.957519 -3.258119 55.957862 -3.258855 55.958457 -3.258397 55.958142 -3.257042</gml:posList></gml:LinearRing></gml:interior></gml:Polygon></gml:surfaceMember>
      </gml:MultiSurface>
      </app:geometry>
    </app:green_spaces>
  </wfs:member>
  <wfs:member>
    <app:green_spaces gml:id="green_spaces.1027">
      <app:name>Park 1027</app:name>
      <app:kind>Park</app:kind>
      <app:ward>Morningside</app:ward>
      <app:geometry>
      <gml:MultiSurface srsName="urn:ogc:def:crs:EPSG::4326" gml:id="green_spaces.1027.geom">
        <gml:surfaceMember><gml:Polygon gml:id="green_spaces.1027.p0"><gml:exterior><gml:LinearRing><gml:posList>55.959649 -3.233533 55.959820 -3.236926 55.959014 -3.239972 55.956221 -3.238463 55.955821 -3.235109 55.957703 -3.231721 55.959649 -3.233533</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember>
      </gml:MultiSurface>
      </app:geometry>
    </app:green_spaces>
  </wfs:member>
  <wfs:member>
    <app:green_spaces gml:id="green_spaces.1028">
      <app:name>Path 1028</app:name>
      <app:kind>Path</app:kind>
      <app:ward>Morningside</app:ward>
      <app:geometry>
      <gml:LineString srsName="urn:ogc:def:crs:EPSG::4326" gml:id="green_spaces.1028.geom"><gml:posList>55.957709 -3.214000 55.958188 -3.212000 55.958622 -3.210000 55.957092 -3.208000 55.958004 -3.206000 55.957969 -3.204000 55.957686 -3.202000 55.957156 -3.200000 55.958106 -3.198000</gml:posList></gml:LineString>
      </app:geometry>
    </app:green_spaces>
  </wfs:member>
  <wfs:member>
    <app:green_spaces gml:id="green_spaces.1029">
      <app:name>Park 1029</app:name>
      <app:kind>Park</app:kind>
      <app:ward>Portobello</app:ward>
      <app:geometry>
      <gml:MultiSurface srsName="urn:ogc:def:crs:EPSG::4326" gml:id="green_spaces.1029.geom">
        <gml:surfaceMember><gml:Polygon gml:id="green_spaces.1029.p0"><gml:exterior><gml:LinearRing><gml:posList>55.958993 -3.188858 55.960318 -3.191418 55.959746 -3.193336 55.958753 -3.196016 55.957012 -3.196068 55.956088 -3.194293 55.955599 -3.191877 55.956235 -3.189517 55.957713 -3.187840 55.958993 -3.188858</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember>
        <gml:surfaceMember><gml:Polygon gml:id="green_spaces.1029.p1"><gml:exterior><gml:LinearRing><gml:posList>55.958776 -3.177537 55.959787 -3.178593 55.960314 -3.182142 55.959477 -3.183832 55.957825 -3.184918 55.956701 -3.183707 55.955900 -3.181729 55.955934 -3.178619 55.957557 -3.177604 55.958776 -3.177537</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember>
      </gml:MultiSurface>
      </app:geometry>
    </app:green_spaces>
  </wfs:member>
  <wfs:member>
    <app:green_spaces gml:id="green_spaces.1030">
      <app:name>Bench 1030</app:name>
      <app:kind>Bench</app:kind>
      <app:ward>Leith</app:ward>
      <app:geometry>
      <gml:Point srsName="urn:ogc:def:crs:EPSG::4326" gml:id="green_spaces.1030.geom"><gml:pos>55.958000 -3.170000</gml:pos></gml:Point>
      </app:geometry>
    </app:green_spaces>
  </wfs:member>
  <wfs:member>
    <app:green_spaces gml:id="green_spaces.1031">
      <app:name>Park 1031</app:name>
      <app:kind>Park</app:kind>
      <app:ward>Morningside</app:ward>
      <app:geometry>
      <gml:MultiSurface srsName="urn:ogc:def:crs:EPSG::4326" gml:id="green_spaces.1031.geom">
        <gml:surfaceMember><gml:Polygon gml:id="green_spaces.1031.p0"><gml:exterior><gml:LinearRing><gml:posList>55.958206 -3.143935 55.959460 -3.145113 55.960451 -3.147225 55.959892 -3.149635 55.958454 -3.151834 55.957262 -3.151603 55.956169 -3.149522 55.955976 -3.147163 55.956846 -3.144965 55.958206 -3.143935</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember>
      </gml:MultiSurface>
      </app:geometry>
    </app:green_spaces>
  </wfs:member>
  <wfs:member>
    <app:green_spaces gml:id="green_spaces.1032">
      <app:name>Park 1032</app:name>
      <app:kind>Park</app:kind>
      <app:ward>Corstorphine</app:ward>
      <app:geometry>
      <gml:MultiSurface srsName="urn:ogc:def:crs:EPSG::4326" gml:id="green_spaces.1032.geom">
        <gml:surfaceMember><gml:Polygon gml:id="green_spaces.1032.p0"><gml:exterior><gml:LinearRing><gml:posList>55.959010 -3.122481 55.959960 -3.125026 55.959789 -3.127343 55.958533 -3.129959 55.956865 -3.129858 55.955985 -3.127400 55.955879 -3.124691 55.957216 -3.122452 55.959010 -3.122481</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember>
      </gml:MultiSurface>
      </app:geometry>
    </app:green_spaces>
  </wfs:member>
  <wfs:member>
    <app:green_spaces gml:id="green_spaces.1033">
      <app:name>Park 1033</app:name>
      <app:kind>Park</app:kind>
      <app:ward>Morningside</app:ward>
      <app:geometry>
      <gml:MultiSurface srsName="urn:ogc:def:crs:EPSG::4326" gml:id="green_spaces.1033.geom">
        <gml:surfaceMember><gml:Polygon gml:id="green_spaces.1033.p0"><gml:exterior><gml:LinearRing><gml:posList>55.976359 -3.278744 55.975170 -3.283918 55.972771 -3.282801 55.971842 -3.279702 55.974131 -3.275871 55.976359 -3.278744</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember>
      </gml:MultiSurface>
      </app:geometry>
    </app:green_spaces>
  </wfs:member>
  <wfs:member>
    <app:green_spaces gml:id="green_spaces.1034">
      <app:name>Park 1034</app:name>
      <app:kind>Park</app:kind>
      <app:ward>Morningside</app:ward>
      <app:geometry>
      <gml:MultiSurface srsName="urn:ogc:def:crs:EPSG::4326" gml:id="green_spaces.1034.geom">
        <gml:surfaceMember><gml:Polygon gml:id="green_spaces.1034.p0"><gml:exterior><gml:LinearRing><gml:posList>55.974165 -3.253934 55.975640 -3.256308 55.975880 -3.258860 55.975165 -3.260615 55.973239 -3.261866 55.972195 -3.260564 55.971881 -3.257327 55.972582 -3.255011 55.974165 -3.253934</gml:posList></gml:LinearRing></gml:exterior><gml:interior><gml:LinearRing><gml:posList>55.974550 -3.258205 55.974068 -3.257199 55.973417 -3.258196 55.974088 -3.259035 55.974550 -3.258205</gml:posList></gml:LinearRing></gml:interior></gml:Polygon></gml:surfaceMember>
        <gml:surfaceMember><gml:Polygon gml:id="green_spaces.1034.p1"><gml:exterior><gml:LinearRing><gml:posList>55.975080 -3.243677 55.975746 -3.245380 55.976311 -3.247561 55.975307 -3.249631 55.973933 -3.251192 55.972791 -3.249694 55.971952 -3.247712 55.972331 -3.244529 55.973324 -3.242807 55.975080 -3.243677</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember>
      </gml:MultiSurface>
      </app:geometry>
    </app:green_spaces>
  </wfs:member>
  <wfs:member>
    <app:green_spaces gml:id="green_spaces.1035">
      <app:name>Park 1035</app:name>
      <app:kind>Park</app:kind>
      <app:ward>Leith</app:ward>
      <app:geometry>
      <gml:MultiSurface srsName="urn:ogc:def:crs:EPSG::4326" gml:id="green_spaces.1035.geom">
        <gml:surfaceMember><gml:Polygon gml:id="green_spaces.1035.p0"><gml:exterior><gml:LinearRing><gml:posList>55.974387 -3.232349 55.976091 -3.233624 55.975953 -3.237624 55.974107 -3.239473 55.972365 -3.238637 55.972094 -3.235644 55.972770 -3.233157 55.974387 -3.232349</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember>
      </gml:MultiSurface>
      </app:geometry>
    </app:green_spaces>
  </wfs:member>
  <wfs:member>
    <app:green_spaces gml:id="green_spaces.1036">
      <app:name>Park 1036</app:name>
      <app:kind>Park</app:kind>
      <app:ward>Portobello</app:ward>
      <app:geometry>
      <gml:MultiSurface srsName="urn:ogc:def:crs:EPSG::4326" gml:id="green_spaces.1036.geom">
        <gml:surfaceMember><gml:Polygon gml:id="green_spaces.1036.p0"><gml:exterior><gml:LinearRing><gml:posList>55.975200 -3.210698 55.975808 -3.212598 55.976178 -3.215482 55.974601 -3.218290 55.973200 -3.218112 55.972141 -3.215012 55.972099 -3.212544 55.973089 -3.210742 55.975200 -3.210698</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember>
      </gml:MultiSurface>
      </app:geometry>
    </app:green_spaces>
  </wfs:member>
  <wfs:member>
    <app:green_spaces gml:id="green_spaces.1037">
      <app:name>Park 1037</app:name>
      <app:kind>Park</app:kind>
      <app:ward>Morningside</app:ward>
      <app:geometry>
      <gml:MultiSurface srsName="urn:ogc:def:crs:EPSG::4326" gml:id="green_spaces.1037.geom">
        <gml:surfaceMember><gml:Polygon gml:id="green_spaces.1037.p0"><gml:exterior><gml:LinearRing><gml:posList>55.973945 -3.187947 55.976011 -3.189790 55.976019 -3.193916 55.974085 -3.195411 55.971824 -3.193940 55.972270 -3.189299 55.973945 -3.187947</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember>
      </gml:MultiSurface>
      </app:geometry>
    </app:green_spaces>
  </wfs:member>
  <wfs:member>
    <app:green_spaces gml:id="green_spaces.1038">
      <app:name>Path 1038</app:name>
      <app:kind>Path</app:kind>
      <app:ward>Corstorphine</app:ward>
      <app:geometry>
      <gml:LineString srsName="urn:ogc:def:crs:EPSG::4326" gml:id="green_spaces.1038.geom"><gml:posList>55.974069 -3.170000 55.974758 -3.168000 55.973097 -3.166000 55.973386 -3.164000 55.973356 -3.162000 55.974214 -3.160000 55.974922 -3.158000 55.973608 -3.156000</gml:posList></gml:LineString>
      </app:geometry>
    </app:green_spaces>
  </wfs:member>
  <wfs:member>
    <app:green_spaces gml:id="green_spaces.1039">
      <app:name>Park 1039</app:name>
      <app:kind>Park</app:kind>
      <app:ward>Corstorphine</app:ward>
      <app:geometry>
      <gml:MultiSurface srsName="urn:ogc:def:crs:EPSG::4326" gml:id="green_spaces.1039.geom">
        <gml:surfaceMember><gml:Polygon gml:id="green_spaces.1039.p0"><gml:exterior><gml:LinearRing><gml:posList>55.976166 -3.145829 55.976180 -3.149546 55.973934 -3.152361 55.972129 -3.150009 55.971902 -3.146619 55.973579 -3.144127 55.976166 -3.145829</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember>
        <gml:surfaceMember><gml:Polygon gml:id="green_spaces.1039.p1"><gml:exterior><gml:LinearRing><gml:posList>55.975676 -3.134265 55.976363 -3.137908 55.975454 -3.140384 55.972829 -3.140366 55.972287 -3.138392 55.972022 -3.135118 55.974126 -3.132635 55.975676 -3.134265</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember>
      </gml:MultiSurface>
      </app:geometry>
    </app:green_spaces>
  </wfs:member>
  <wfs:member>
    <app:green_spaces gml:id="green_spaces.1040">
      <app:name>Bench 1040</app:name>
      <app:kind>Bench</app:kind>
      <app:ward>Portobello</app:ward>
      <app:geometry>
      <gml:Point srsName="urn:ogc:def:crs:EPSG::4326" gml:id="green_spaces.1040.geom"><gml:pos>55.974000 -3.126000</gml:pos></gml:Point>
      </app:geometry>
    </app:green_spaces>
  </wfs:member>
</wfs:FeatureCollection>
