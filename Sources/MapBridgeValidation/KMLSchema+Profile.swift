// The KML profile's XML Schema, built into the binary so that `mapbridge validate` needs no
// files beside it. Copies of schemas/mapbridge-kml22.xsd and schemas/mapbridge-kml22-gx.xsd,
// byte for byte (a test compares them): edit the files there, then paste them here.

extension KMLSchema {
    /// The file name the profile's `xs:import` of Google's extensions asks for.
    static let profileExtensionFileName = "mapbridge-kml22-gx.xsd"

    /// schemas/mapbridge-kml22.xsd.
    public static let profileText = #"""
<?xml version="1.0" encoding="UTF-8"?>
<!--
  The KML 2.2 profile that MapBridge's KMLWriter writes: the elements it emits, in the order
  OGC KML 2.2 requires, and nothing else. Written for MapBridge's tests; it is stricter than
  the OGC schema (coordinate tuples, lower-case colours, 0/1 booleans, ids as xs:ID), so an
  output valid here is valid against OGC's ogckml22.xsd and Google's kml22gx.xsd as well.

  Google's extensions (gx:Track, gx:altitudeMode) are in mapbridge-kml22-gx.xsd, imported
  below; they join through the substitution groups AbstractGeometryGroup and
  altitudeModeGroup, as in the OGC schema.

  A list of group members repeats through a sequence around one reference to the group, not
  through maxOccurs on the reference: libxml2 gives a repeated substitution group a counter, and
  then remembers every child's name (about 80 bytes per Placemark of a Document); a repeated
  sequence needs none, so validating a long Document takes constant memory.
-->
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"
  xmlns:kml="http://www.opengis.net/kml/2.2"
  xmlns:gx="http://www.google.com/kml/ext/2.2"
  targetNamespace="http://www.opengis.net/kml/2.2"
  elementFormDefault="qualified">

  <xs:import namespace="http://www.google.com/kml/ext/2.2" schemaLocation="mapbridge-kml22-gx.xsd"/>

  <!-- Simple types -->

  <!-- lon,lat[,alt] tuples separated by single spaces (possibly none). -->
  <xs:simpleType name="coordinatesType">
    <xs:restriction base="xs:string">
      <xs:pattern value="([+\-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+\-]?[0-9]+)?,[+\-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+\-]?[0-9]+)?(,[+\-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+\-]?[0-9]+)?)?( [+\-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+\-]?[0-9]+)?,[+\-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+\-]?[0-9]+)?(,[+\-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+\-]?[0-9]+)?)?)*)?"/>
    </xs:restriction>
  </xs:simpleType>

  <!-- aabbggrr, lower case. -->
  <xs:simpleType name="colorType">
    <xs:restriction base="xs:hexBinary">
      <xs:length value="4"/>
      <xs:pattern value="[0-9a-f]{8}"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="bitType">
    <xs:restriction base="xs:boolean">
      <xs:pattern value="[01]"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="dateTimeType">
    <xs:union memberTypes="xs:dateTime xs:date xs:gYearMonth xs:gYear"/>
  </xs:simpleType>

  <xs:simpleType name="angle360Type">
    <xs:restriction base="xs:double">
      <xs:minInclusive value="-360"/>
      <xs:maxInclusive value="360"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="altitudeModeEnumType">
    <xs:restriction base="xs:string">
      <xs:enumeration value="clampToGround"/>
      <xs:enumeration value="relativeToGround"/>
      <xs:enumeration value="absolute"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="styleStateEnumType">
    <xs:restriction base="xs:string">
      <xs:enumeration value="normal"/>
      <xs:enumeration value="highlight"/>
    </xs:restriction>
  </xs:simpleType>

  <!-- A reference to a style or schema in this document. -->
  <xs:simpleType name="localURLType">
    <xs:restriction base="xs:anyURI">
      <xs:pattern value="#[A-Za-z_][A-Za-z0-9._\-]*"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="unitsEnumType">
    <xs:restriction base="xs:string">
      <xs:enumeration value="fraction"/>
      <xs:enumeration value="pixels"/>
      <xs:enumeration value="insetPixels"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="simpleFieldTypeType">
    <xs:restriction base="xs:string">
      <xs:enumeration value="string"/>
      <xs:enumeration value="int"/>
      <xs:enumeration value="double"/>
      <xs:enumeration value="bool"/>
    </xs:restriction>
  </xs:simpleType>

  <!-- Document, folders, placemarks -->

  <xs:element name="kml">
    <xs:complexType>
      <xs:sequence>
        <xs:element ref="kml:Document"/>
      </xs:sequence>
    </xs:complexType>
  </xs:element>

  <xs:element name="Document">
    <xs:complexType>
      <xs:sequence>
        <xs:element ref="kml:name" minOccurs="0"/>
        <xs:element ref="kml:description" minOccurs="0"/>
        <xs:sequence minOccurs="0" maxOccurs="unbounded">
          <xs:element ref="kml:AbstractStyleSelectorGroup"/>
        </xs:sequence>
        <xs:element ref="kml:Schema" minOccurs="0" maxOccurs="unbounded"/>
        <xs:sequence minOccurs="0" maxOccurs="unbounded">
          <xs:element ref="kml:AbstractFeatureGroup"/>
        </xs:sequence>
      </xs:sequence>
    </xs:complexType>
  </xs:element>

  <xs:element name="Schema">
    <xs:complexType>
      <xs:sequence>
        <xs:element name="SimpleField" minOccurs="0" maxOccurs="unbounded">
          <xs:complexType>
            <xs:attribute name="type" type="kml:simpleFieldTypeType" use="required"/>
            <xs:attribute name="name" type="xs:string" use="required"/>
          </xs:complexType>
        </xs:element>
        <xs:element ref="gx:SimpleArrayField" minOccurs="0" maxOccurs="unbounded"/>
      </xs:sequence>
      <!-- "mapbridge-json" for the schemas whose fields hold arrays and objects as JSON text,
           "mapbridge-null" for those whose fields hold nulls. -->
      <xs:attribute name="name" type="xs:string"/>
      <xs:attribute name="id" type="xs:ID" use="required"/>
    </xs:complexType>
  </xs:element>

  <xs:element name="AbstractFeatureGroup" type="kml:AbstractFeatureType" abstract="true"/>
  <xs:complexType name="AbstractFeatureType" abstract="true"/>

  <xs:element name="Folder" substitutionGroup="kml:AbstractFeatureGroup">
    <xs:complexType>
      <xs:complexContent>
        <xs:extension base="kml:AbstractFeatureType">
          <xs:sequence>
            <xs:element ref="kml:name" minOccurs="0"/>
            <xs:sequence minOccurs="0" maxOccurs="unbounded">
              <xs:element ref="kml:AbstractFeatureGroup"/>
            </xs:sequence>
          </xs:sequence>
        </xs:extension>
      </xs:complexContent>
    </xs:complexType>
  </xs:element>

  <xs:element name="Placemark" substitutionGroup="kml:AbstractFeatureGroup">
    <xs:complexType>
      <xs:complexContent>
        <xs:extension base="kml:AbstractFeatureType">
          <xs:sequence>
            <xs:group ref="kml:FeatureHead"/>
            <xs:element ref="kml:ExtendedData" minOccurs="0"/>
            <xs:element ref="kml:AbstractGeometryGroup" minOccurs="0"/>
          </xs:sequence>
          <xs:attribute name="id" type="xs:ID"/>
        </xs:extension>
      </xs:complexContent>
    </xs:complexType>
  </xs:element>

  <!-- A ground overlay: an image laid on the map in a box, or on four corners (gx:LatLonQuad). -->
  <xs:element name="GroundOverlay" substitutionGroup="kml:AbstractFeatureGroup">
    <xs:complexType>
      <xs:complexContent>
        <xs:extension base="kml:AbstractFeatureType">
          <xs:sequence>
            <xs:group ref="kml:FeatureHead"/>
            <xs:element ref="kml:ExtendedData" minOccurs="0"/>
            <xs:group ref="kml:OverlayHead"/>
            <xs:element name="altitude" type="xs:double" minOccurs="0"/>
            <xs:element name="altitudeMode" type="kml:overlayAltitudeModeType" minOccurs="0"/>
            <xs:choice>
              <xs:element name="LatLonBox">
                <xs:complexType>
                  <xs:sequence>
                    <xs:group ref="kml:BoxEdges"/>
                    <xs:element name="rotation" type="kml:angle180Type" minOccurs="0"/>
                  </xs:sequence>
                </xs:complexType>
              </xs:element>
              <xs:element ref="gx:LatLonQuad"/>
            </xs:choice>
          </xs:sequence>
          <xs:attribute name="id" type="xs:ID"/>
        </xs:extension>
      </xs:complexContent>
    </xs:complexType>
  </xs:element>

  <!-- A screen overlay: an image fixed on the screen (a legend, a logo). -->
  <xs:element name="ScreenOverlay" substitutionGroup="kml:AbstractFeatureGroup">
    <xs:complexType>
      <xs:complexContent>
        <xs:extension base="kml:AbstractFeatureType">
          <xs:sequence>
            <xs:group ref="kml:FeatureHead"/>
            <xs:element ref="kml:ExtendedData" minOccurs="0"/>
            <xs:group ref="kml:OverlayHead"/>
            <xs:element name="overlayXY" type="kml:vec2Type" minOccurs="0"/>
            <xs:element name="screenXY" type="kml:vec2Type" minOccurs="0"/>
            <xs:element name="rotationXY" type="kml:vec2Type" minOccurs="0"/>
            <xs:element name="size" type="kml:vec2Type" minOccurs="0"/>
            <xs:element name="rotation" type="kml:angle180Type" minOccurs="0"/>
          </xs:sequence>
          <xs:attribute name="id" type="xs:ID"/>
        </xs:extension>
      </xs:complexContent>
    </xs:complexType>
  </xs:element>

  <xs:complexType name="vec2Type">
    <xs:attribute name="x" type="xs:double" use="required"/>
    <xs:attribute name="y" type="xs:double" use="required"/>
    <xs:attribute name="xunits" type="kml:unitsEnumType" use="required"/>
    <xs:attribute name="yunits" type="kml:unitsEnumType" use="required"/>
  </xs:complexType>

  <!-- A network link: where to fetch more KML, and the region it is for. -->
  <xs:element name="NetworkLink" substitutionGroup="kml:AbstractFeatureGroup">
    <xs:complexType>
      <xs:complexContent>
        <xs:extension base="kml:AbstractFeatureType">
          <xs:sequence>
            <xs:group ref="kml:FeatureHead"/>
            <xs:element name="Region" minOccurs="0">
              <xs:complexType>
                <xs:sequence>
                  <xs:element name="LatLonAltBox">
                    <xs:complexType>
                      <xs:sequence>
                        <xs:group ref="kml:BoxEdges"/>
                      </xs:sequence>
                    </xs:complexType>
                  </xs:element>
                </xs:sequence>
              </xs:complexType>
            </xs:element>
            <xs:element ref="kml:ExtendedData" minOccurs="0"/>
            <xs:element name="Link">
              <xs:complexType>
                <xs:sequence>
                  <xs:element name="href" type="xs:string"/>
                  <xs:element name="viewRefreshMode" type="kml:viewRefreshModeType" minOccurs="0"/>
                </xs:sequence>
              </xs:complexType>
            </xs:element>
          </xs:sequence>
          <xs:attribute name="id" type="xs:ID"/>
        </xs:extension>
      </xs:complexContent>
    </xs:complexType>
  </xs:element>

  <!-- What every feature element starts with, up to its style. -->
  <xs:group name="FeatureHead">
    <xs:sequence>
      <xs:element ref="kml:name" minOccurs="0"/>
      <xs:element name="visibility" type="kml:bitType" minOccurs="0"/>
      <xs:element name="address" type="xs:string" minOccurs="0"/>
      <xs:element ref="kml:description" minOccurs="0"/>
      <xs:choice minOccurs="0">
        <xs:element ref="kml:TimeStamp"/>
        <xs:element ref="kml:TimeSpan"/>
      </xs:choice>
      <xs:element ref="kml:styleUrl" minOccurs="0"/>
      <xs:element ref="kml:AbstractStyleSelectorGroup" minOccurs="0"/>
    </xs:sequence>
  </xs:group>

  <!-- What every overlay has after its data: a tint, an order among overlays, the image. -->
  <xs:group name="OverlayHead">
    <xs:sequence>
      <xs:element name="color" type="kml:colorType" minOccurs="0"/>
      <xs:element name="drawOrder" type="xs:int" minOccurs="0"/>
      <xs:element name="Icon">
        <xs:complexType>
          <xs:sequence>
            <xs:element name="href" type="xs:string"/>
          </xs:sequence>
        </xs:complexType>
      </xs:element>
    </xs:sequence>
  </xs:group>

  <xs:group name="BoxEdges">
    <xs:sequence>
      <xs:element name="north" type="kml:angle180Type"/>
      <xs:element name="south" type="kml:angle180Type"/>
      <xs:element name="east" type="kml:angle180Type"/>
      <xs:element name="west" type="kml:angle180Type"/>
    </xs:sequence>
  </xs:group>

  <xs:simpleType name="angle180Type">
    <xs:restriction base="xs:double">
      <xs:minInclusive value="-180"/>
      <xs:maxInclusive value="180"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="overlayAltitudeModeType">
    <xs:restriction base="xs:string">
      <xs:enumeration value="clampToGround"/>
      <xs:enumeration value="absolute"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="viewRefreshModeType">
    <xs:restriction base="xs:string">
      <xs:enumeration value="never"/>
      <xs:enumeration value="onRequest"/>
      <xs:enumeration value="onStop"/>
      <xs:enumeration value="onRegion"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:element name="name" type="xs:string"/>
  <xs:element name="description" type="xs:string"/>
  <xs:element name="styleUrl" type="kml:localURLType"/>

  <xs:element name="TimeStamp">
    <xs:complexType>
      <xs:sequence>
        <xs:element ref="kml:when"/>
      </xs:sequence>
    </xs:complexType>
  </xs:element>
  <xs:element name="when" type="kml:dateTimeType"/>

  <xs:element name="TimeSpan">
    <xs:complexType>
      <xs:sequence>
        <xs:element name="begin" type="kml:dateTimeType" minOccurs="0"/>
        <xs:element name="end" type="kml:dateTimeType" minOccurs="0"/>
      </xs:sequence>
    </xs:complexType>
  </xs:element>

  <!-- Untyped Data first, then SchemaData, as KML 2.2 orders them; never empty. -->
  <xs:element name="ExtendedData">
    <xs:complexType>
      <xs:choice>
        <xs:sequence>
          <xs:element ref="kml:Data" maxOccurs="unbounded"/>
          <xs:element ref="kml:SchemaData" minOccurs="0" maxOccurs="unbounded"/>
        </xs:sequence>
        <xs:element ref="kml:SchemaData" maxOccurs="unbounded"/>
      </xs:choice>
    </xs:complexType>
  </xs:element>

  <xs:element name="Data">
    <xs:complexType>
      <xs:sequence>
        <xs:element name="value" type="xs:string"/>
      </xs:sequence>
      <xs:attribute name="name" type="xs:string" use="required"/>
    </xs:complexType>
  </xs:element>

  <xs:element name="SchemaData">
    <xs:complexType>
      <xs:sequence>
        <xs:element name="SimpleData" minOccurs="0" maxOccurs="unbounded">
          <xs:complexType>
            <xs:simpleContent>
              <xs:extension base="xs:string">
                <xs:attribute name="name" type="xs:string" use="required"/>
              </xs:extension>
            </xs:simpleContent>
          </xs:complexType>
        </xs:element>
        <xs:element ref="gx:SimpleArrayData" minOccurs="0" maxOccurs="unbounded"/>
      </xs:sequence>
      <xs:attribute name="schemaUrl" type="kml:localURLType" use="required"/>
    </xs:complexType>
  </xs:element>

  <!-- Styles -->

  <xs:element name="AbstractStyleSelectorGroup" type="kml:AbstractStyleSelectorType" abstract="true"/>
  <xs:complexType name="AbstractStyleSelectorType" abstract="true">
    <xs:attribute name="id" type="xs:ID"/>
  </xs:complexType>

  <xs:element name="Style" substitutionGroup="kml:AbstractStyleSelectorGroup">
    <xs:complexType>
      <xs:complexContent>
        <xs:extension base="kml:AbstractStyleSelectorType">
          <xs:sequence>
            <xs:element name="IconStyle" minOccurs="0">
              <xs:complexType>
                <xs:sequence>
                  <xs:element ref="kml:color" minOccurs="0"/>
                  <xs:element ref="kml:scale" minOccurs="0"/>
                  <xs:element name="heading" type="kml:angle360Type" minOccurs="0"/>
                  <xs:element name="Icon" minOccurs="0">
                    <xs:complexType>
                      <xs:sequence>
                        <xs:element name="href" type="xs:string"/>
                      </xs:sequence>
                    </xs:complexType>
                  </xs:element>
                  <xs:element name="hotSpot" minOccurs="0">
                    <xs:complexType>
                      <xs:attribute name="x" type="xs:double" use="required"/>
                      <xs:attribute name="y" type="xs:double" use="required"/>
                      <xs:attribute name="xunits" type="kml:unitsEnumType" use="required"/>
                      <xs:attribute name="yunits" type="kml:unitsEnumType" use="required"/>
                    </xs:complexType>
                  </xs:element>
                </xs:sequence>
              </xs:complexType>
            </xs:element>
            <xs:element name="LabelStyle" minOccurs="0">
              <xs:complexType>
                <xs:sequence>
                  <xs:element ref="kml:color" minOccurs="0"/>
                  <xs:element ref="kml:scale" minOccurs="0"/>
                </xs:sequence>
              </xs:complexType>
            </xs:element>
            <xs:element name="LineStyle" minOccurs="0">
              <xs:complexType>
                <xs:sequence>
                  <xs:element ref="kml:color" minOccurs="0"/>
                  <xs:element name="width" type="xs:double" minOccurs="0"/>
                </xs:sequence>
              </xs:complexType>
            </xs:element>
            <xs:element name="PolyStyle" minOccurs="0">
              <xs:complexType>
                <xs:sequence>
                  <xs:element ref="kml:color" minOccurs="0"/>
                  <xs:element name="fill" type="kml:bitType" minOccurs="0"/>
                  <xs:element name="outline" type="kml:bitType" minOccurs="0"/>
                </xs:sequence>
              </xs:complexType>
            </xs:element>
          </xs:sequence>
        </xs:extension>
      </xs:complexContent>
    </xs:complexType>
  </xs:element>

  <xs:element name="StyleMap" substitutionGroup="kml:AbstractStyleSelectorGroup">
    <xs:complexType>
      <xs:complexContent>
        <xs:extension base="kml:AbstractStyleSelectorType">
          <xs:sequence>
            <xs:element name="Pair" minOccurs="2" maxOccurs="2">
              <xs:complexType>
                <xs:sequence>
                  <xs:element name="key" type="kml:styleStateEnumType"/>
                  <xs:choice>
                    <xs:element ref="kml:styleUrl"/>
                    <xs:element ref="kml:Style"/>
                  </xs:choice>
                </xs:sequence>
              </xs:complexType>
            </xs:element>
          </xs:sequence>
        </xs:extension>
      </xs:complexContent>
    </xs:complexType>
  </xs:element>

  <xs:element name="color" type="kml:colorType"/>
  <xs:element name="scale" type="xs:double"/>

  <!-- Geometry -->

  <xs:element name="AbstractGeometryGroup" type="kml:AbstractGeometryType" abstract="true"/>
  <xs:complexType name="AbstractGeometryType" abstract="true"/>

  <xs:element name="altitudeModeGroup" abstract="true"/>
  <xs:element name="altitudeMode" type="kml:altitudeModeEnumType" substitutionGroup="kml:altitudeModeGroup"/>
  <xs:element name="tessellate" type="kml:bitType"/>
  <xs:element name="coordinates" type="kml:coordinatesType"/>

  <xs:element name="Point" substitutionGroup="kml:AbstractGeometryGroup">
    <xs:complexType>
      <xs:complexContent>
        <xs:extension base="kml:AbstractGeometryType">
          <xs:sequence>
            <xs:element ref="kml:altitudeModeGroup" minOccurs="0"/>
            <xs:element ref="kml:coordinates"/>
          </xs:sequence>
        </xs:extension>
      </xs:complexContent>
    </xs:complexType>
  </xs:element>

  <xs:element name="LineString" substitutionGroup="kml:AbstractGeometryGroup">
    <xs:complexType>
      <xs:complexContent>
        <xs:extension base="kml:AbstractGeometryType">
          <xs:sequence>
            <xs:element ref="kml:tessellate" minOccurs="0"/>
            <xs:element ref="kml:altitudeModeGroup" minOccurs="0"/>
            <xs:element ref="kml:coordinates"/>
          </xs:sequence>
        </xs:extension>
      </xs:complexContent>
    </xs:complexType>
  </xs:element>

  <xs:element name="Polygon" substitutionGroup="kml:AbstractGeometryGroup">
    <xs:complexType>
      <xs:complexContent>
        <xs:extension base="kml:AbstractGeometryType">
          <xs:sequence>
            <xs:element ref="kml:altitudeModeGroup" minOccurs="0"/>
            <xs:element name="outerBoundaryIs" type="kml:BoundaryType" minOccurs="0"/>
            <xs:element name="innerBoundaryIs" type="kml:BoundaryType" minOccurs="0" maxOccurs="unbounded"/>
          </xs:sequence>
        </xs:extension>
      </xs:complexContent>
    </xs:complexType>
  </xs:element>

  <xs:complexType name="BoundaryType">
    <xs:sequence>
      <xs:element name="LinearRing">
        <xs:complexType>
          <xs:sequence>
            <xs:element ref="kml:coordinates"/>
          </xs:sequence>
        </xs:complexType>
      </xs:element>
    </xs:sequence>
  </xs:complexType>

  <xs:element name="MultiGeometry" substitutionGroup="kml:AbstractGeometryGroup">
    <xs:complexType>
      <xs:complexContent>
        <xs:extension base="kml:AbstractGeometryType">
          <xs:sequence>
            <xs:sequence minOccurs="0" maxOccurs="unbounded">
              <xs:element ref="kml:AbstractGeometryGroup"/>
            </xs:sequence>
          </xs:sequence>
        </xs:extension>
      </xs:complexContent>
    </xs:complexType>
  </xs:element>
</xs:schema>
"""#

    /// schemas/mapbridge-kml22-gx.xsd.
    public static let profileExtensionText = #"""
<?xml version="1.0" encoding="UTF-8"?>
<!--
  The part of Google's KML extensions (namespace http://www.google.com/kml/ext/2.2) that
  MapBridge's KMLWriter writes: gx:Track (with its per-point values, gx:SimpleArrayData, typed
  by gx:SimpleArrayField), gx:altitudeMode and gx:LatLonQuad. Written for MapBridge's tests;
  imported by mapbridge-kml22.xsd, whose components it uses.
-->
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"
  xmlns:kml="http://www.opengis.net/kml/2.2"
  xmlns:gx="http://www.google.com/kml/ext/2.2"
  targetNamespace="http://www.google.com/kml/ext/2.2"
  elementFormDefault="qualified">

  <xs:import namespace="http://www.opengis.net/kml/2.2"/>

  <xs:simpleType name="altitudeModeEnumType">
    <xs:restriction base="xs:string">
      <xs:enumeration value="clampToSeaFloor"/>
      <xs:enumeration value="relativeToSeaFloor"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:element name="altitudeMode" type="gx:altitudeModeEnumType" substitutionGroup="kml:altitudeModeGroup"/>

  <!-- lon lat [alt], separated by single spaces. -->
  <xs:simpleType name="coordType">
    <xs:restriction base="xs:string">
      <xs:pattern value="[+\-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+\-]?[0-9]+)? [+\-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+\-]?[0-9]+)?( [+\-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+\-]?[0-9]+)?)?"/>
    </xs:restriction>
  </xs:simpleType>

  <!-- A ground overlay's four corners, counter-clockwise from the lower left. -->
  <xs:element name="LatLonQuad">
    <xs:complexType>
      <xs:sequence>
        <xs:element ref="kml:coordinates"/>
      </xs:sequence>
    </xs:complexType>
  </xs:element>

  <xs:element name="Track" substitutionGroup="kml:AbstractGeometryGroup">
    <xs:complexType>
      <xs:complexContent>
        <xs:extension base="kml:AbstractGeometryType">
          <xs:sequence>
            <xs:element ref="kml:tessellate" minOccurs="0"/>
            <xs:element ref="kml:altitudeModeGroup" minOccurs="0"/>
            <xs:element ref="kml:when" minOccurs="0" maxOccurs="unbounded"/>
            <xs:element name="coord" type="gx:coordType" minOccurs="0" maxOccurs="unbounded"/>
            <xs:element ref="kml:ExtendedData" minOccurs="0"/>
          </xs:sequence>
        </xs:extension>
      </xs:complexContent>
    </xs:complexType>
  </xs:element>

  <!-- A track's per-point values: one gx:value per position, empty for none. -->
  <xs:element name="SimpleArrayField">
    <xs:complexType>
      <xs:attribute name="type" type="kml:simpleFieldTypeType" use="required"/>
      <xs:attribute name="name" type="xs:string" use="required"/>
    </xs:complexType>
  </xs:element>

  <xs:element name="SimpleArrayData">
    <xs:complexType>
      <xs:sequence>
        <xs:element name="value" type="xs:string" minOccurs="0" maxOccurs="unbounded"/>
      </xs:sequence>
      <xs:attribute name="name" type="xs:string" use="required"/>
    </xs:complexType>
  </xs:element>
</xs:schema>
"""#
}
