<?xml version="1.0" encoding="utf-8" ?>
<ogr:FeatureCollection
     gml:id="aFeatureCollection"
     xmlns:ogr="http://ogr.maptools.org/"
     xmlns:gml="http://www.opengis.net/gml/3.2">
  <gml:boundedBy><gml:Envelope srsName="urn:ogc:def:crs:EPSG::31370"><gml:lowerCorner>108636.150020818 194291.111953824</gml:lowerCorner><gml:upperCorner>109195.573506438 195118.42837622</gml:upperCorner></gml:Envelope></gml:boundedBy>
                                                                                                                  
  <ogr:featureMember>
    <ogr:polygon_single_31370 gml:id="polygon_single_31370.0">
      <gml:boundedBy><gml:Envelope srsName="urn:ogc:def:crs:EPSG::31370"><gml:lowerCorner>108636.150020818 194291.111953824</gml:lowerCorner><gml:upperCorner>109195.573506438 195118.42837622</gml:upperCorner></gml:Envelope></gml:boundedBy>
      <ogr:geometryProperty><gml:Polygon srsName="urn:ogc:def:crs:EPSG::31370" gml:id="polygon_single_31370.geom.0"><gml:exterior><gml:LinearRing><gml:posList>108636.150020818 194960.844295764 108911.922161617 194291.111953824 109195.573506438 195118.42837622 108636.150020818 194960.844295764</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></ogr:geometryProperty>
    </ogr:polygon_single_31370>
  </ogr:featureMember>
</ogr:FeatureCollection>
